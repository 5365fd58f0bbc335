#!/bin/busybox sh
# linuxpm-run.sh: the guest half of the workloads linux-pm's governor
# developers report (experiments/linuxpm.exp), each printing one CSV row
# with a header, its own figure among the columns:
#
#   fio -d DEVICE -n IOS -c CPU
#	fio, 4 KiB random reads, psync, O_DIRECT, one job pinned to CPU,
#	IOS reads: DEVICE vda (the virtio disk), nullb0 (null_blk) or
#	delay (dm-delay over null_blk: /dev/mapper/pidle-delay, completions
#	from dm-delay's timer). Figure: iops.
#   hackbench -g GROUPS -f FDS -l LOOPS
#	rt-tests' hackbench over pipes, processes: GROUPS groups of FDS
#	senders and FDS receivers, each sender LOOPS messages of 100 bytes
#	to each receiver of its group. Figure: time_s.
#
# The devices are set up once per boot by exp.sh (the block modules of
# harness/image --blk); a device that is not there is an error naming it.
usage() {
	echo "usage: linuxpm-run.sh fio -d vda|nullb0|delay -n IOS -c CPU | hackbench -g GROUPS -f FDS -l LOOPS" >&2
	exit 2
}
uint() {	# WHAT VALUE
	case "$2" in
	''|*[!0-9]*) echo "linuxpm-run.sh: $1 '$2': want a whole number" >&2; exit 2 ;;
	esac
}

run_fio() {
	d= n= c=
	while getopts d:n:c: o; do
		case $o in d) d=$OPTARG ;; n) n=$OPTARG ;; c) c=$OPTARG ;; *) usage ;; esac
	done
	shift $((OPTIND - 1))
	[ $# -eq 0 ] && [ -n "$d" ] || usage
	case $d in
	vda|nullb0) dev=/dev/$d ;;
	delay)
		# /dev/mapper/pidle-delay, or its dm-N node (devtmpfs) where
		# dmsetup made no /dev/mapper link
		dev=/dev/mapper/pidle-delay
		for dmn in /sys/block/dm-*/dm/name; do
			[ "$(cat $dmn 2>/dev/null)" = pidle-delay ] && { dmn=${dmn%/dm/name}; dev=/dev/${dmn##*/}; }
		done ;;
	*) echo "linuxpm-run.sh: fio -d '$d': want vda, nullb0 or delay" >&2; exit 2 ;;
	esac
	uint -n "$n"; uint -c "$c"
	set -- "$d" "$n" "$c"
	[ -b $dev ] || { echo "linuxpm-run.sh: fio: no block device $dev (exp.sh sets it up from harness/image --virtio or --blk)" >&2; exit 1; }
	command -v fio > /dev/null || { echo "linuxpm-run.sh: no fio in the guest (Debian's fio: scripts/deps)" >&2; exit 1; }
	# --thread: no SysV shared memory for the job's state; the random
	# offsets from fio's fixed default seed, the same in every run
	fio --name=randread --filename=$dev --rw=randread --bs=4k --ioengine=psync \
		--direct=1 --numjobs=1 --thread --number_ios=$2 --cpus_allowed=$3 \
		--norandommap --randrepeat=1 --output-format=terse --terse-version=3 \
		> /tmp/fio.out 2>&1 || { tail -n 5 /tmp/fio.out >&2; exit 1; }
	# terse v3 (fio's HOWTO): 6 read KiB, 7 KiB/s, 8 IOPS, 9 runtime ms,
	# 16 clat mean us, 18-37 clat percentiles as P%=US
	awk -F';' -v cpu=$3 -v dev=$1 -v want=$2 '$1 == 3 {
		found = 1
		if ($5 != 0 || $6 / 4 != want) {
			printf "linuxpm-run.sh: fio on %s: error %s, %d of %d reads done\n", dev, $5, $6 / 4, want > "/dev/stderr"
			exit 1
		}
		for (i = 18; i <= 37; i++) {
			split($i, p, "=")
			if (p[1] == "50.000000%") p50 = p[2]
			if (p[1] == "99.000000%") p99 = p[2]
		}
		ios = int($6 / 4)
		print "device,cpu,interrupts,iops,bw_kib_s,runtime_ms,clat_mean_us,resp_p50_us,resp_p99_us"
		printf "%s,%d,%d,%d,%d,%d,%.1f,%d,%d\n", dev, cpu, ios, $8, $7, $9, $16, p50, p99
	} END { if (!found) { print "linuxpm-run.sh: fio wrote no terse line" > "/dev/stderr"; exit 1 } }' /tmp/fio.out
}

run_hackbench() {
	g= f= l=
	while getopts g:f:l: o; do
		case $o in g) g=$OPTARG ;; f) f=$OPTARG ;; l) l=$OPTARG ;; *) usage ;; esac
	done
	shift $((OPTIND - 1))
	[ $# -eq 0 ] || usage
	uint -g "$g"; uint -f "$f"; uint -l "$l"
	set -- "$g" "$f" "$l"
	command -v hackbench > /dev/null || { echo "linuxpm-run.sh: no hackbench in the guest (Debian's rt-tests: scripts/deps)" >&2; exit 1; }
	hackbench --pipe -g $1 -f $2 -l $3 -s 100 > /tmp/hb.out 2>&1 ||
		{ tail -n 5 /tmp/hb.out >&2; exit 1; }
	awk -v g=$1 -v f=$2 -v l=$3 '/^Time:/ {
		print "groups,fds,loops,messages,time_s"
		printf "%d,%d,%d,%d,%s\n", g, f, l, g * f * f * l, $2
		found = 1
	} END { if (!found) { print "linuxpm-run.sh: hackbench printed no Time:" > "/dev/stderr"; exit 1 } }' /tmp/hb.out
}

[ $# -ge 1 ] || usage
what=$1; shift
case $what in
fio) run_fio "$@" ;;
hackbench) run_hackbench "$@" ;;
*) usage ;;
esac
