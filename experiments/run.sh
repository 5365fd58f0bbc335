#!/bin/bash
# run.sh: run an experiment file's cells in guests, then its report.
# Documentation/experiments.rst has the format, the recipes and the report.
#
#   experiments/run.sh [-j N] [-o DIR] FILE.exp        run what is not done, report
#   experiments/run.sh --list [-o DIR] FILE.exp        print the job names, one a line
#   experiments/run.sh --job NAME [-o DIR] FILE.exp    run that one job, no report
#   experiments/run.sh --merge DIR... [-o DIR] FILE.exp  copy cell results, report
#   experiments/run.sh --report [-o DIR] FILE.exp      the report alone
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
# Environment: PIDLE_EXP_BOOT=CMD replaces the guest boot (the tests use
# it): CMD JOBDIR KVER LOG is run and must write the serial log LOG.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
EXP=$TOP/experiments
HERE=$TOP/tests/vm

fail() { echo "experiments: $*" >&2; exit 1; }
usage() {
	sed -n 's/^#   experiments/  experiments/p' "$0" >&2
	exit 2
}

JOBS=1 OUT= MODE=run ONE= MERGE=()
while [ $# -gt 0 ]; do
	case $1 in
	-j) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || fail "-j ${2:-}: want a number of jobs, 1 or more"
	    JOBS=$2; shift 2 ;;
	-o) [ -n "${2:-}" ] || usage; OUT=$2; shift 2 ;;
	--list) MODE=list; shift ;;
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

awk -f "$EXP/parse.awk" "$FILE" > "$OUT/cells.tmp" || exit 1
mv "$OUT/cells.tmp" "$OUT/cells.tsv"
setting() { awk -F'\t' -v k="$1" '$1 == "#set" && $2 == k { print $3 }' "$OUT/cells.tsv"; }
ICOUNT=$(setting icount)
TIMEOUT=$(setting timeout)
SMP=$(setting smp)

# cell_file ID: the results' file stem of a cell (its id, / as _)
cell_file() { echo "$OUT/cells/${1//\//_}"; }
# done_cell ID: its result says ok or skipped
done_cell() {
	local f
	f=$(cell_file "$1").status
	[ -f "$f" ] && grep -qE '^(ok|skipped)' "$f"
}
# job_of: "KERNEL-rREPEAT", the cells that share a guest boot
job_cells() {	# JOB: the cell lines of that job
	awk -F'\t' -v j="$1" '$1 !~ /^#/ && $1 != "id" && $2 "-r" $3 == j' "$OUT/cells.tsv"
}
job_names() {
	awk -F'\t' '$1 !~ /^#/ && $1 != "id" && !seen[$2 "-r" $3]++ { print $2 "-r" $3 }' "$OUT/cells.tsv"
}

# kver NAME: the kernel release the name stands for (HELPERS naming)
kver() {
	local k=
	case $1 in
	6.1) k=$(newest '6.1.0-*-amd64' | grep -v -- -rt-) ;;
	6.1-rt) k=$(newest '6.1.0-*-rt-amd64') ;;
	6.12) k=$(newest '6.12.*+deb12-amd64' | grep -v -- -rt-) ;;
	6.12-rt) k=$(newest '6.12.*+deb12-rt-amd64') ;;
	*) echo "kernel $1: not available to experiments/run.sh yet (Debian 6.1, 6.1-rt, 6.12, 6.12-rt are)" >&2
	   return 1 ;;
	esac
	[ -n "$k" ] || { echo "kernel $1: no /boot/vmlinuz-* with its headers installed (make deps)" >&2; return 1; }
	echo "$k"
}

# The guest boot of one job: the image is the kernel's base image with
# /exp/cells.sh appended as a second cpio archive (Linux unpacks both).
boot_job() {	# JOBDIR KVER LOG
	local jd=$1 k=$2 log=$3
	if [ -n "${PIDLE_EXP_BOOT:-}" ]; then
		$PIDLE_EXP_BOOT "$jd" "$k" "$log"
		return
	fi
	(cd "$jd/root" && find . | cpio -o -H newc --quiet | gzip -1) > "$jd/cells.cpio.gz" || return 1
	cat "$OUT/$k.initrd.gz" "$jd/cells.cpio.gz" > "$jd/$k.initrd.gz" || return 1
	local qargs=
	[ "$ICOUNT" != off ] && qargs="-icount shift=$ICOUNT,sleep=off -rtc clock=vm"
	# An -icount guest's figures do not depend on the host's load, so it
	# does not wait for the machine-wide guest lock (a lock of its own).
	local lock=$QEMU_LOCK
	[ "$ICOUNT" != off ] && lock=$jd/.qemu.lock
	OUTDIR=$jd QEMU_LOCK=$lock VM_QEMU_ARGS="$qargs" \
		boot "$k" "$SMP" exp "$log" "exp_timeout=$TIMEOUT" $((TIMEOUT + 120))
}

# run_job JOB: boot the job's unfinished cells; their results into cells/
run_job() {
	local job=$1 jd=$OUT/jobs/$1 kname k n=0 log
	kname=${job%-r*}
	k=$(kver "$kname") || return 1
	rm -rf "$jd"; mkdir -p "$jd/root/exp"
	: > "$jd/root/exp/cells.sh"
	while IFS=$'\t' read -r id _ _ _ gov _ _ _ states topo wait x xs en dis dma resume run; do
		done_cell "$id" && continue
		rm -f "$(cell_file "$id")".*
		printf "cell '%s' '%s' '%s' '%s' '%s' '%s' '%s' '%s' '%s' '%s' '%s' '%s'\n" \
			"$id" "$states" "$topo" "$wait" "$gov" "$x" "$xs" "$en" "$dis" "$dma" "$resume" "$run" \
			>> "$jd/root/exp/cells.sh"
		n=$((n + 1))
	done < <(job_cells "$job")
	[ $n -gt 0 ] || return 0
	log=$jd/serial.log
	boot_job "$jd" "$k" "$log"
	local st=$?
	awk -v dir="$OUT/cells" -f "$EXP/split.awk" "$log"
	# a cell the guest never reported: failed, with the reason
	while IFS=$'\t' read -r id _; do
		[ -f "$(cell_file "$id").status" ] ||
			echo "failed no result from the guest (qemu exit $st, log $log)" > "$(cell_file "$id").status"
	done < <(job_cells "$job")
	PASS=0; FAIL=0
	check_log "$job" "$log" | grep -v ': ok ' > "$jd/check"
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

# the module and the base image, once per kernel of the experiment
prepare() {
	local kname k
	for kname in $(setting kernels); do
		k=$(kver "$kname") || exit 1
		[ -n "${PIDLE_EXP_BOOT:-}" ] && continue
		OUTDIR=$OUT build_module "$k" || fail "module build for $k failed or warned: see $OUT/$k.build.log"
		"$HERE/build-initramfs.sh" "$k" "$OUT/$k.initrd.gz" "$EXP/guest" > /dev/null ||
			fail "guest image for $k failed"
	done
}

. "$HERE/host.sh"
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

mkdir -p "$TOP/build/vm"
for t in pidle-topo pidle-stat; do
	[ -x "$TOP/build/vm/extra/$t" ] || fail "no build/vm/extra/$t: make vm-extra first"
done
lock_tree experiments
total=$(grep -vc -e '^#' -e '^id' "$OUT/cells.tsv")
done0=$(count_done)
[ "$done0" -lt "$total" ] && prepare
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
running=0
for job in $(job_names); do
	run_job "$job" &
	running=$((running + 1))
	if [ $running -ge "$JOBS" ]; then
		wait -n; running=$((running - 1)); progress
	fi
done
while [ $running -gt 0 ]; do wait -n; running=$((running - 1)); progress; done
"$EXP/report.sh" "$OUT"
