#!/bin/busybox sh
# stat-numbers: the static pidle-stat in a 2x2x2 guest with the default
# table: its numbers are exactly what two saved copies of sysfs say; a
# busy CPU shows up on its own row and keeps its core and package up; no
# module is an error. (Its report formats: the stat suite.)
# smp: 8,sockets=2,cores=2,threads=2
# timeout: 90
. /lib.sh
PS=/bin/pidle-stat
T=/tmp/stat
mkdir -p $T

# expect_from A B ELAPSED: the CSV fields pidle-stat must print for the
# copies A (start) and B (end), computed here from their files:
# "cpu,N,K,residency,usage,too_deep,too_shallow" and
# "LEVEL,I,K,residency,usage,too_deep,rejected,latency_us".
expect_from() {
	{ grep -r '' $1/sys | sed "s|^$1|A |"; grep -r '' $2/sys | sed "s|^$2|B |"; } |
	awk -v el=$3 '
		{ split($2, kv, ":"); path = kv[1]; v = substr($2, length(path) + 2)
		  val[$1 " " path] = v; if ($1 == "B") paths[path] = 1 }
		function d(p) { x = val["B " p] - val["A " p]; return x > 0 ? x : 0 }
		function pct(a, b) { return b > 0 ? 100.0 * a / b : 0 }
		END {
			for (p in paths) {
				if (p ~ /\/cpu\/cpu[0-9]+\/cpuidle\/state[0-9]+\/usage$/) {
					s = substr(p, 1, length(p) - 6)
					split(p, f, "/"); cpu = substr(f[6], 4); k = substr(f[8], 6)
					u = d(s "/usage")
					printf "cpu,%s,%s,%.2f,%.0f,%.2f,%.2f\n", cpu, k,
						pct(d(s "/time") * 1e-6, el), u,
						pct(d(s "/above"), u), pct(d(s "/below"), u)
				}
				if (p ~ /\/domains\/[a-z]+[0-9]+\/state[0-9]+\/usage$/) {
					s = substr(p, 1, length(p) - 6)
					n = split(p, f, "/"); dom = f[n - 2]; k = substr(f[n - 1], 6)
					l = val["B " substr(s, 1, length(s) - length(f[n - 1]) - 1) "/level"]
					u = d(s "/usage")
					printf "%s,%s,%s,%.2f,%.0f,%.2f,%.0f,%.1f\n", l,
						substr(dom, length(l) + 1), k,
						pct(d(s "/residency_ns") * 1e-9, el), u,
						pct(d(s "/too_deep"), u), d(s "/rejected"),
						d(s "/latency_paid_ns") / 1e3
				}
			}
		}' | sort
}

# 1: exactly what sysfs says: two copies 2 s apart, computed here and by it
saved_copies() {
	rm -rf $T/a $T/b
	u0=$(cut -d' ' -f1 /proc/uptime); sysfs_copy $T/a; sleep 2
	u1=$(cut -d' ' -f1 /proc/uptime); sysfs_copy $T/b
	el=$(awk -v a=$u0 -v b=$u1 'BEGIN { printf "%.2f", b - a }')
	expect_from $T/a $T/b $el > $T/expect
	$PS --before $T/a --after $T/b --elapsed $el --csv > $T/saved.csv 2>$T/saved.err; st=$?
	unquote $T/saved.csv | awk -F, 'NR > 1 && $4 != "all" {
		if ($3 == "cpu") print $3 "," $4 "," $6 "," $9 "," $10 "," $11 "," $12
		else print $3 "," $4 "," $6 "," $9 "," $10 "," $11 "," $15 "," $16 }' | sort > $T/got
	diag "saved copies, $el s apart: $(wc -l < $T/expect) rows expected, $(wc -l < $T/got) printed; e.g.:"
	grep -E '^(cpu,0,|core,0,|package,)' $T/got | sed 's/^/#   /'
	err=
	[ $st -eq 0 ] || err="exit $st $(cat $T/saved.err)"
	[ -s $T/expect ] || err="$err nothing expected (copies empty?)"
	cmp -s $T/expect $T/got || err="$err differs: $(diff $T/expect $T/got | grep '^[-+][^-+]' | head -n 4 | tr '\n' ' ')"
	reasons "$err"
}

# 2: a busy CPU 0 on its own row; its core and package stay up, its
# sibling ($SIB) is demoted, the other package goes down
SIB=$(cat /sys/devices/system/cpu/cpu0/topology/thread_siblings_list | tr ',-' '\n\n' | grep -v '^0$' | head -n 1)
busy_cpu0() {
	$PS --csv -- taskset 0x1 timeout 2 sh -c 'while :; do :; done' > $T/busy.csv 2>/dev/null
	unquote $T/busy.csv > $T/busy.rows
	grep -E '^0,[0-9.]+,(cpu,(all|0|'$SIB'),|core,0,|package,)' $T/busy.rows | sed 's/^/# /'
	dem=$(awk -F, -v c=$SIB '$3 == "cpu" && $4 == c { s += $14 } END { print s + 0 }' $T/busy.rows)
	busy0=$(field cpu 0 "" 8); core0=$(field core 0 3 9); pkg0=$(field package 0 4 9); pkg1=$(field package 1 4 9)
	diag "cpu0 busy $busy0%, core0 C6 $core0%, package0 PC6 $pkg0%, package1 PC6 $pkg1%, cpu$SIB demoted $dem"
	awk -v b=$busy0 -v c=$core0 -v p0=$pkg0 -v p1=$pkg1 -v d=$dem \
		'BEGIN { exit !(b > 50 && c < 10 && p0 < 10 && p1 > p0 && d > 0) }' ||
		{ why "busy $busy0 core0 $core0 pkg0 $pkg0 pkg1 $pkg1 demoted $dem"; return 1; }
}
# field SCOPE ID STATE FIELD: a field of the busy run's row (STATE "": any)
field() { awk -F, -v s=$1 -v i=$2 -v k=$3 -v f=$4 '$3 == s && $4 == i && (k == "" || $6 == k) { print $f; exit }' $T/busy.rows; }

# 3: without the module: one message naming what is missing, status 2
no_module() {
	unload >/dev/null
	m1=$($PS -n 1 -i 0.1 2>&1); s1=$?
	m2=$($PS --no-module -n 1 -i 0.1 2>&1); s2=$?
	diag "unloaded: '$m1' ($s1); --no-module: '$m2' ($s2)"
	[ $s1 -eq 2 ] && echo "$m1" | grep -q "pseudo_cpuidle: not found" &&
	[ $s2 -eq 2 ] && echo "$m2" | grep -q "no cpuidle driver is registered" ||
		{ why "'$m1' ($s1), '$m2' ($s2)"; return 1; }
}

ktap_header
load wait=halt
diag "topology: $(cat $SYS/topology 2>&1); states: $(cat /sys/devices/system/cpu/cpu0/cpuidle/state*/name | tr '\n' ' ')"
ktap_test "residency, usage, too-deep/shallow, rejections, latency = sysfs" saved_copies
ktap_test "busy cpu0: its row busy, core0 and package0 up, cpu$SIB demoted, package1 down" busy_cpu0
ktap_test "no module: refused with the path and status 2" no_module
ktap_finished
