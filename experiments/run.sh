#!/bin/bash
# run.sh: run an experiment file's cells in guests, then its report.
# Documentation/experiments.rst has the format, the recipes and the report.
#
#   experiments/run.sh [-j N] [-k KERNELS] [-o DIR] [--cells REGEX] [--trace] FILE.exp
#                                                       run what is not done, report
#   experiments/run.sh --list [-o DIR] FILE.exp        print the job names, one a line
#   experiments/run.sh --job NAME [-o DIR] FILE.exp    run that one job, no report
#   experiments/run.sh --merge DIR... [-o DIR] FILE.exp  copy cell results, report
#   experiments/run.sh --report [-o DIR] FILE.exp      the report alone
#
# Every mode but --report and --merge first checks each table of the
# cells by the module's parser (check_tables below, build/pidle-replay):
# a bad one is "FILE:LINE: ..." before anything is listed or booted.
#
# A job is one guest boot: the cells of one kernel and one repeat. Each
# cell's result is kept in DIR/cells/ as soon as the guest ends, so a run
# that is interrupted resumes where it stopped: cells done (ok, or skipped
# because the kernel lacks their governor) are not run again, failed ones
# are. -j N runs N jobs at once when the experiment is deterministic
# (icount): such a guest's figures do not depend on the host's load, so
# it does not wait for other guests either. Free-running jobs (icount =
# off) run one at a time, behind the machine-wide guest lock.
#
# The guests are the harness's (harness/README): kernels by name (KERNEL=
# and KDIR= for "user"), the module, the image, the boot, the log check.
# Environment: PIDLE_EXP_BOOT=CMD replaces the guest boot (the tests use
# it): CMD JOBDIR KERNEL_NAME LOG is run and must write the serial log LOG.
#
# --cells REGEX keeps only the cells whose id matches (an extended
# regular expression, e.g. '/skx/menu/'). --trace records each cell's
# workload as a trace for pidle-replay beside its results, cells/ID.trace
# (the replay corpus: tests/replay/corpus.sh).
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
EXP=$TOP/experiments

fail() { echo "experiments: $*" >&2; exit 1; }
usage() {
	sed -n 's/^#   experiments/  experiments/p' "$0" >&2
	exit 2
}

JOBS=1 OUT= MODE=run ONE= MERGE=() KERNELS= ONLY= TRACE=0
while [ $# -gt 0 ]; do
	case $1 in
	-j) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || fail "-j ${2:-}: want a number of jobs, 1 or more"
	    JOBS=$2; shift 2 ;;
	-o) [ -n "${2:-}" ] || usage; OUT=$2; shift 2 ;;
	-k) [ -n "${2:-}" ] || usage; KERNELS=$2; shift 2 ;;
	--list) MODE=list; shift ;;
	--cells) [ -n "${2:-}" ] || fail "--cells: give a regular expression of cell ids, e.g. '/skx/menu/'"
		ONLY=$2; shift 2 ;;
	--trace) TRACE=1; shift ;;
	--job) [ -n "${2:-}" ] || usage; MODE=job; ONE=$2; shift 2 ;;
	--report) MODE=report; shift ;;
	--merge) MODE=merge; shift
		while [ $# -gt 1 ] && [ -d "$1" ]; do MERGE+=("$1"); shift; done
		[ ${#MERGE[@]} -gt 0 ] || fail "--merge: name the result directories to merge" ;;
	-h|--help) usage ;;
	-*) fail "unknown option $1" ;;
	*) break ;;
	esac
done
[ $# -eq 1 ] || usage
FILE=$1
[ -r "$FILE" ] || fail "cannot read $FILE"
NAME=$(basename "$FILE" .exp)
OUT=${OUT:-$TOP/build/experiments/$NAME}
mkdir -p "$OUT/cells" "$OUT/jobs" || fail "cannot create $OUT"

PIDLE_EXP_DIR=$EXP awk -v kernels="$KERNELS" -f "$EXP/parse.awk" "$FILE" > "$OUT/cells.tmp" || exit 1
if [ -n "$ONLY" ]; then
	awk -F'\t' -v re="$ONLY" '$1 ~ /^#/ || $1 == "id" || $1 ~ re' "$OUT/cells.tmp" > "$OUT/cells.only" 2> "$OUT/cells.err" ||
		fail "--cells $ONLY: $(cat "$OUT/cells.err")"
	mv "$OUT/cells.only" "$OUT/cells.tmp"
	grep -qv -e '^#' -e '^id' "$OUT/cells.tmp" || fail "--cells $ONLY: no cell id of $FILE matches (--list lists the jobs, the ids are in $OUT/cells.tsv of a run)"
fi
mv "$OUT/cells.tmp" "$OUT/cells.tsv"
setting() { awk -F'\t' -v k="$1" '$1 == "#set" && $2 == k { print $3 }' "$OUT/cells.tsv"; }
ICOUNT=$(setting icount)
FIRST_SEED=$(setting first_seed)
# under -icount the RTC starts here in every guest (harness/boot --rtc-base)
RTC_BASE=2026-01-01T00:00:00
TIMEOUT=$(setting timeout)
SMP=$(setting smp)

# cell_file ID: the results' file stem of a cell (its id, / as _)
cell_file() { echo "$OUT/cells/${1//\//_}"; }
# done_cell ID: its result says ok or skipped
done_cell() {
	local f r
	f=$(cell_file "$1").status
	[ -f "$f" ] && grep -qE '^(ok|skipped)' "$f" || return 1
	# under -icount, done only with this run's seed for its repeat (a
	# result directory run again with another first_seed reruns it)
	r=${1##*/r}
	[ "$ICOUNT" = off ] || [ ! -f "$(cell_file "$1").seed" ] ||
		grep -qx "seed $((FIRST_SEED + r - 1))" "$(cell_file "$1").seed"
}
# job_of: "KERNEL-rREPEAT", the cells that share a guest boot
job_cells() {	# JOB: the cell lines of that job
	awk -F'\t' -v j="$1" '$1 !~ /^#/ && $1 != "id" && $2 "-r" $3 == j' "$OUT/cells.tsv"
}
job_names() {
	awk -F'\t' '$1 !~ /^#/ && $1 != "id" && !seen[$2 "-r" $3]++ { print $2 "-r" $3 }' "$OUT/cells.tsv"
}

# kernel NAME: "IMAGE KDIR" of a kernel name (harness/kernel; "user" is
# KERNEL= and KDIR=)
kernel() { "$TOP/harness/kernel" "$1"; }

# The guest boot of one job: the image holds the module built for the
# kernel, the tools, the guest programs and script, and the job's cells.
boot_job() {	# JOBDIR KNAME LOG SEED
	local jd=$1 kn=$2 log=$3 seed=$4 image kdir
	if [ -n "${PIDLE_EXP_BOOT:-}" ]; then
		PIDLE_EXP_SEED=$seed $PIDLE_EXP_BOOT "$jd" "$kn" "$log"
		return
	fi
	read -r image kdir < <(kernel "$kn") || return 1
	# The wake-source workloads (wake.exp): pidle-wakeload; rt-app, its
	# JSON files and their runner; and, for a cell that reads /dev/vda,
	# a virtio disk (QEMU's null-co: reads return zeros, no file; INTx,
	# vectors=0, so that the cell can route its interrupt) with the
	# kernel's virtio modules, decompressed, in /kmod-virtio/.
	local more=() disk=()
	more+=(--file "$TOP/build/guest/pidle-wakeload" --rt-app)
	if grep -qE '/dev/vda|-d vda' "$jd/cells.sh"; then
		disk=(--qemu -blockdev --qemu driver=null-co,node-name=expdisk,size=67108864,read-zeroes=on
		      --qemu -device --qemu virtio-blk-pci,drive=expdisk,vectors=0)
		more+=(--virtio "${image##*/vmlinuz-}")
	fi
	# The linux-pm workloads (linuxpm.exp): the ring, their runner, and
	# only what a job's cells use: Debian's fio (dynamic, with its
	# libraries: 84 MB, so not in every image), rt-tests' hackbench, and
	# for null_blk and dm-delay the kernel's own modules and dmsetup
	# (harness/image --blk; a kernel without modules, as the eval one,
	# gets none, and those cells fail naming the device).
	more+=(--file "$TOP/build/guest/pidle-ring" --file "$EXP/guest/linuxpm-run.sh:/linuxpm-run.sh")
	grep -q "'fio " "$jd/cells.sh" && more+=(--bin "$(command -v fio || echo /usr/bin/fio)")
	grep -q "'hackbench " "$jd/cells.sh" && more+=(--bin "$(command -v hackbench || echo /usr/bin/hackbench)")
	grep -qE -- "-d (nullb0|delay)" "$jd/cells.sh" && more+=(--blk "${image##*/vmlinuz-}")
	"$TOP/harness/image" "$jd/initrd.gz" --tools --suite "$EXP/guest/exp.sh" \
		--file "$OUT/kmod-$kn/pseudo_cpuidle.ko" \
		--file "$TOP/build/guest/pidle-irqwork" --file "$TOP/build/guest/pidle-work" \
		--file "$TOP/build/guest/pidle-pingpong" \
		--file "$TOP/tests/replay/guest-events.sh:/replay-events.sh" \
		"${more[@]}" --file "$jd/cells.sh:/exp/cells.sh" || return 1
	# An -icount guest's figures do not depend on the host's load: it runs
	# beside other -icount guests (harness/boot --concurrent); --icount
	# also puts the RTC on the virtual clock, so that its interrupts are
	# counted in guest time.
	# harness/kernel --icount-options: what the kernel needs under
	# -icount (--late-smp for 6.1).
	local det=()
	[ "$ICOUNT" != off ] && det=(--icount "shift=$ICOUNT,sleep=off" --concurrent
		--seed "$seed" --rtc-base "$RTC_BASE"
		$("$TOP/harness/kernel" --icount-options "$kn"))
	"$TOP/harness/boot" --kernel "$image" --initrd "$jd/initrd.gz" --log "$log" \
		--smp "$SMP" --suite exp --append "exp_timeout=$TIMEOUT exp_trace=$TRACE" "${disk[@]}" \
		--timeout $((TIMEOUT * 2 + 300)) "${det[@]}"
}

# run_job JOB: boot the job's unfinished cells; their results into cells/
run_job() {
	local job=$1 jd=$OUT/jobs/$1 kname n=0 log seed
	kname=${job%-r*}
	# The job's inputs (evaluating-a-governor.rst, "Paired repeats"):
	# repeat r boots with seed FIRST_SEED + r - 1 (first_seed, default 1:
	# seed r), the RTC from RTC_BASE, its cells in the file's order; recorded beside
	# each cell's results, with the cells the boot ran (under -icount a
	# cell's figures depend on the cells before it: a resumed job's boot
	# ran fewer, and is not the same boot as a whole one).
	seed=$((FIRST_SEED + ${job##*-r} - 1))
	rm -rf "$jd"; mkdir -p "$jd"
	: > "$jd/cells.sh"
	while IFS=$'\t' read -r id _ _ _ gov _ _ _ states topo wait x xs en dis dma resume run power mode dgov; do
		done_cell "$id" && continue
		rm -f "$(cell_file "$id")".*
		printf "cell '%s' '%s' '%s' '%s' '%s' '%s' '%s' '%s' '%s' '%s' '%s' '%s' '%s' '%s' '%s'\n" \
			"$id" "$states" "$topo" "$wait" "$gov" "$x" "$xs" "$en" "$dis" "$dma" "$resume" "$run" "$power" "$mode" "$dgov" \
			>> "$jd/cells.sh"
		n=$((n + 1))
	done < <(job_cells "$job")
	[ $n -gt 0 ] || return 0
	log=$jd/serial.log
	boot_job "$jd" "$kname" "$log" "$seed"
	local st=$?
	# the inputs, beside each cell's results (report.sh: the seed column)
	local all
	all=$(job_cells "$job" | wc -l)
	[ "$ICOUNT" = off ] || while read -r _ id _; do
		printf 'seed %s\nrtc_base %s\nboot_cells %s/%s\n' "$seed" "$RTC_BASE" $n "$all" > "$(cell_file "${id//\'/}").seed"
	done < "$jd/cells.sh"
	awk -v dir="$OUT/cells" -f "$EXP/split.awk" "$log"
	# a cell the guest never reported: failed, with the reason
	while IFS=$'\t' read -r id _; do
		[ -f "$(cell_file "$id").status" ] ||
			echo "failed no result from the guest (qemu exit $st, log $log)" > "$(cell_file "$id").status"
	done < <(job_cells "$job")
	"$TOP/harness/check" "$job" "$log" > "$jd/check"
	if grep -q 'kernel splat' "$jd/check"; then
		# the whole guest is suspect: none of its cells counts as done
		for id in $(cut -f1 < <(job_cells "$job")); do
			echo "failed kernel splat in $log" > "$(cell_file "$id").status"
		done
	fi
	return 0
}

count_done() {
	local n=0 id
	for id in $(awk -F'\t' '$1 !~ /^#/ && $1 != "id" { print $1 }' "$OUT/cells.tsv"); do
		done_cell "$id" && n=$((n + 1))
	done
	echo $n
}

# the module, once per kernel of the experiment
prepare() {
	local kname image kdir
	for kname in $(setting kernels); do
		read -r image kdir < <(kernel "$kname") || exit 1
		"$TOP/harness/module" "$kdir" "$OUT/kmod-$kname" ||
			fail "module build for kernel $kname failed or warned"
	done
}

# check_tables: each table of the cells as the guest will load it, by
# the module's own parser (the model core in build/pidle-replay): a bad
# states=, topology=, power=, mode or domain_gov is "FILE:LINE: ..." now,
# not a failed cell after the boot. topology = auto is what pidle-topo
# finds in the guest, here from the synthetic machine of smp =.
check_tables() {
	local replay=$TOP/build/pidle-replay topo=$TOP/build/pidle-topo
	local n s c t synth auto name states tp power mode dgov f line msg
	if [ ! -x "$replay" ] || [ ! -x "$topo" ]; then
		echo "experiments: the tables are not checked: no build/pidle-replay or build/pidle-topo (make tools)" >&2
		return 0
	fi
	# QEMU's -smp N,sockets=S,cores=C,threads=T: what it leaves out, 1
	# socket and 1 thread, cores the rest
	IFS=, read -r n rest <<< "$SMP"
	s=$(sed -n 's/.*sockets=\([0-9]*\).*/\1/p' <<< "$SMP"); s=${s:-1}
	t=$(sed -n 's/.*threads=\([0-9]*\).*/\1/p' <<< "$SMP"); t=${t:-1}
	c=$(sed -n 's/.*cores=\([0-9]*\).*/\1/p' <<< "$SMP"); c=${c:-$((n / (s * t)))}
	synth="pack:$s core:$c pu:$t"
	auto=$("$topo" -y "$synth" 2>&1) || fail "smp = $SMP: no topology for it ($synth): $auto"
	mkdir -p "$OUT/check"
	while IFS=$'\t' read -r name states tp power mode dgov; do
		f=$OUT/check/table.exp
		{
			echo "[table $name]"
			echo "states = $states"
			if [ "$tp" = auto ]; then echo "topology = $auto"; else echo "topology = $tp"; fi
			[ "$power" = - ] || echo "power = $power"
			echo "mode = $mode"
			[ "$dgov" = - ] || echo "domain_gov = $dgov"
			echo "[defaults]"
			echo "table = $name"
		} > "$f"
		msg=$("$replay" --exp "$f" --list --cpus "$((s * c * t))" 2>&1 > /dev/null) && continue
		line=$(awk -v h="[table $name]" '{ l = $0; sub(/(^|[ \t])#.*$/, "", l); gsub(/^[ \t]+|[ \t]+$/, "", l) } l == h { print FNR; exit }' "$FILE")
		echo "$FILE:${line:-?}: ${msg#pidle-replay: "$f":*: }" >&2
		return 1
	done < <(awk -F'\t' '$1 !~ /^#/ && $1 != "id" && !seen[$4]++ { print $4 "\t" $9 "\t" $10 "\t" $19 "\t" $20 "\t" $21 }' "$OUT/cells.tsv")
}
[ "$MODE" = report ] || [ "$MODE" = merge ] || check_tables || exit 1

case $MODE in
list) job_names; exit 0 ;;
report) exec "$EXP/report.sh" "$OUT" ;;
merge)
	for d in "${MERGE[@]}"; do
		[ -d "$d/cells" ] || fail "--merge: $d has no cells/ directory"
		cp -p "$d"/cells/* "$OUT/cells/" 2>/dev/null
	done
	exec "$EXP/report.sh" "$OUT" ;;
esac

for t in pidle-topo pidle-stat.static guest/pidle-irqwork guest/pidle-work guest/pidle-pingpong guest/pidle-wakeload guest/pidle-ring; do
	[ -n "${PIDLE_EXP_BOOT:-}" ] || [ -x "$TOP/build/$t" ] || fail "no build/$t: make experiment builds it (make guest-tools and the programs of experiments/guest)"
done
total=$(grep -vc -e '^#' -e '^id' "$OUT/cells.tsv")
done0=$(count_done)
[ "$done0" -lt "$total" ] && [ -z "${PIDLE_EXP_BOOT:-}" ] && prepare
if [ "$MODE" = job ]; then
	job_names | grep -qxF "$ONE" || fail "--job $ONE: no such job (--list lists them)"
	run_job "$ONE"
	exit 0
fi

[ "$ICOUNT" = off ] && [ "$JOBS" -gt 1 ] &&
	{ echo "experiments: icount = off: free-running guests run one at a time, not $JOBS"; JOBS=1; }
t0=$(date +%s)
echo "experiments: $NAME, $total cells ($done0 done before), $(job_names | wc -l) guest boots at most, -j $JOBS, results in $OUT"
progress() {
	local d now el eta=
	d=$(count_done); now=$(date +%s); el=$((now - t0))
	[ $d -gt $done0 ] && eta=$(( el * (total - d) / (d - done0) ))
	printf 'experiments: %d/%d cells done, %d s elapsed%s\n' $d $total $el \
		"${eta:+, about $eta s left}"
}
# job_done JOB: every cell of the job done (a resumed run boots only the
# others, and counts progress only for what ran: 200 done jobs each
# followed by a count of all 200 cells took 13 minutes to do nothing)
job_done() {
	local id
	for id in $(job_cells "$1" | cut -f1); do
		done_cell "$id" || return 1
	done
}
running=0
for job in $(job_names); do
	job_done "$job" && continue
	run_job "$job" &
	running=$((running + 1))
	if [ $running -ge "$JOBS" ]; then
		wait -n; running=$((running - 1)); progress
	fi
done
while [ $running -gt 0 ]; do wait -n; running=$((running - 1)); progress; done
"$EXP/report.sh" "$OUT"
