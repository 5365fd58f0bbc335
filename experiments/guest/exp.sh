#!/bin/busybox sh
# exp: the guest half of an experiment job (experiments/run.sh is the host
# half). /exp/cells.sh, added to the image by the runner, calls `cell`
# once per cell of the job; each cell starts from a fresh module load, so
# no cell inherits another's counters, governor history or changes:
#   1. load the module with the cell's table (pidle-topo --params for
#      topology=auto) and select its governor (a governor this kernel
#      lacks makes the cell "skipped", with the list it has);
#   2. apply the run-time change through the writable parameter: target
#      residency x FACTOR for the states named, then the disable/enable
#      lists through cpuidle's stateN/disable;
#   3. hold the PM QoS request (/dev/cpu_dma_latency kept open, or each
#      CPU's power/pm_qos_resume_latency_us) for the workload only;
#   4. run the workload inside pidle-stat --json, under a timeout;
#   5. check it: workload and pidle-stat succeeded in time, no disabled
#      state was entered (cpuidle's usage before and after), the module's
#      counters are consistent (counters_bad).
# Output per cell, on the console: "# exp: begin ID KIND" ... "# exp: end
# ID KIND" blocks (KIND stat: pidle-stat's JSON; work: the workload's
# CSV; samples: its response times; trace: with exp_trace=1) and one "# exp: cell ID STATUS
# REASON" line, STATUS ok, failed or skipped. A KTAP result per cell too.
. /ktap.sh
. /module.sh
PARAMS=/sys/module/$MOD/parameters
TIMEOUT=$(arg exp_timeout 300)
# exp_trace=1 (run.sh --trace): each cell's workload also recorded as a
# trace for pidle-replay (tests/replay/corpus/), the events and the
# marker of tests/replay/guest-record.sh, printed as a "trace" block
TRACE=$(arg exp_trace 0)
. /replay-events.sh

# trace_start GOV: every event on (the module's come with each load),
# the buffer empty, then the governor from a clean history (a switch
# away and back re-enables every device) and the marker pidle-replay
# starts at; the same steps as guest-record.sh
trace_start() {
	echo 0 > $TR/tracing_on
	echo mono > $TR/trace_clock
	echo 4096 > $TR/buffer_size_kb
	replay_events 1 > /dev/null || return 1
	sleep 1
	echo > $TR/trace
	echo 1 > $TR/tracing_on
	_o=ladder; [ "$1" = ladder ] && _o=menu
	echo $_o > $CPUIDLE/current_governor
	echo $1 > $CPUIDLE/current_governor
	echo "pidle-replay: governor reset" > $TR/trace_marker
}
trace_stop() {
	echo 0 > $TR/tracing_on
	replay_events 0 > /dev/null
}

# usage_sum K: cpuidle's stateK/usage summed over the CPUs
usage_sum() {
	_s=0
	for _f in /sys/devices/system/cpu/cpu[0-9]*/cpuidle/state$1/usage; do
		_s=$((_s + $(cat $_f)))
	done
	echo $_s
}
# set_disable K 0|1: stateK/disable on every CPU
set_disable() {
	for _f in /sys/devices/system/cpu/cpu[0-9]*/cpuidle/state$1/disable; do echo $2 > $_f; done
}

block() {	# ID KIND FILE
	echo "# exp: begin $1 $2"
	cat "$3"
	echo
	echo "# exp: end $1 $2"
}

# state_index NAME: cpu0's cpuidle state number of NAME, empty if none
state_index() {
	for d in /sys/devices/system/cpu/cpu0/cpuidle/state*; do
		[ "$(cat $d/name)" = "$1" ] && { echo ${d##*state}; return; }
	done
}

# scaled STATES NAMES FACTOR: the states= string with the target residency
# (third field) of each state in NAMES multiplied by FACTOR
scaled() {
	echo "$1" | awk -F, -v names=" $2 " -v x=$3 '{
		for (i = 1; i <= NF; i++) {
			n = split($i, f, ":")
			if (index(names, " " f[1] " ")) f[3] = int(f[3] * x + 0.5)
			s = f[1]; for (j = 2; j <= n; j++) s = s ":" f[j]
			printf "%s%s", (i > 1 ? "," : ""), s
		}
		print ""
	}'
}

# counters_bad: the module's per-CPU counters, once the run is over;
# prints what is inconsistent, nothing when all is well: per CPU and
# state, demoted <= requested. The files are read one by one while other
# CPUs idle, so only a relation that a later read can only strengthen is
# checked: demoted is read first. (Across states the reads race: seen,
# achieved ahead of requested by 1 to 3 over a CPU's states.)
counters_bad() {
	for _s in $SYS/cpu[0-9]*/state[0-9]*; do
		_m=$(cat $_s/demoted); _q=$(cat $_s/requested)
		[ "$_m" -le "$_q" ] || echo "${_s#$SYS/} demoted $_m > requested $_q;"
	done
}

result() {	# ID STATUS REASON
	echo "# exp: cell $1 $2 $3"
	case $2 in
	ok) ktap_result "$1" 0 ;;
	skipped) ktap_result "$1 # SKIP $3" 0 ;;
	*) ktap_result "$1" 1 "$3" ;;
	esac
}

# A kernel whose local APIC timer is off has no one-shot clock events:
# every timer, the RTC's emulated periodic interrupt included, fires on
# the periodic tick (4 ms at HZ=250), and no figure of a cell means what
# it says. Seen on a kernel without CONFIG_X86_PM_TIMER under -icount:
# the APIC timer's calibration is then verified against the tick, and
# that verification fails. Every cell of such a guest fails, saying so.
NOLAPIC=
dmesg | grep -q 'APIC timer disabled' &&
	NOLAPIC="the kernel's local APIC timer is off ($(dmesg | grep -m1 -o 'APIC timer disabled[a-z ]*')): timers and the RTC interrupt fire on the tick, no figure would mean anything; a kernel without CONFIG_X86_PM_TIMER under -icount does this (kernels/eval.config has it: make kernel-eval)"

# cell ID STATES TOPOLOGY WAIT GOVERNOR X X_STATES ENABLE DISABLE DMA_US RESUME_US RUN POWER MODE DOMAIN_GOV
# (POWER: the table's power= string, or - for none beyond the preset's;
# MODE: pc or osi; DOMAIN_GOV: the module's domain_gov=, or - for its default)
cell() {
	id=$1 states=$2 topo=$3 wait=$4 gov=$5 x=$6 xs=$7 en=$8 dis=$9
	shift 9
	dma=$1 resume=$2 run=$3 power=${4:--} mode=${5:-pc} dgov=${6:--}
	[ -n "$NOLAPIC" ] && { result "$id" failed "$NOLAPIC"; return; }
	unload >/dev/null
	if [ "$topo" = auto ]; then
		P=$(pidle-topo --states "$states" --params 2>&1) ||
			{ result "$id" failed "pidle-topo --states $states: $P"; return; }
	else
		# An explicit topology may have levels this guest's own lacks
		# (wake.exp's clusters): a table goes to the module as it is,
		# whose parser checks it against that topology at the load; a
		# preset name is resolved by pidle-topo.
		case "$states" in
		*:*) S=$states ;;
		*)
			S=$(pidle-topo --states "$states" --show-states 2>&1) ||
				{ result "$id" failed "pidle-topo --states $states: $S"; return; }
			;;
		esac
		P="states=$S topology=$topo"
	fi
	[ "$power" != - ] && P="$P power=$power"
	[ "$mode" != pc ] && P="$P mode=$mode"
	[ "$dgov" != - ] && P="$P domain_gov=$dgov"
	load $P wait=$wait || { result "$id" failed "insmod $P: $OUT"; return; }
	have=$(cat $CPUIDLE/available_governors)
	case " $have " in
	*" $gov "*) ;;
	*)
		case $gov in
		teo) hint="Debian builds no teo; the eval kernel has it: make kernel-eval (make demo then uses it; run.sh -k eval)" ;;
		haltpoll) hint="it registers only in a KVM guest, and this one is TCG" ;;
		*) hint="" ;;
		esac
		result "$id" skipped "governor $gov not in this kernel (it has: $(echo $have))${hint:+; $hint}"
		return ;;
	esac
	echo $gov > $CPUIDLE/current_governor 2>/dev/null
	[ "$(cat $CPUIDLE/current_governor)" = "$gov" ] ||
		{ result "$id" failed "cannot select governor $gov"; return; }
	if [ "$x" != 1 ]; then
		new=$(scaled "$(cat $PARAMS/states)" "$xs" $x)
		echo "$new" > $PARAMS/states 2>/dev/null ||
			{ result "$id" failed "the module refused states=$new: $(dmesg | tail -n 1)"; return; }
	fi
	off=
	for d in /sys/devices/system/cpu/cpu0/cpuidle/state*; do
		n=$(cat $d/name); k=${d##*state}
		case " $dis " in *" $n "*) off="$off $k" ;; esac
		[ "$en" != - ] && case " $en " in *" $n "*) ;; *) off="$off $k" ;; esac
	done
	for w in $en $dis; do
		[ "$w" = - ] || [ -n "$(state_index $w)" ] ||
			{ result "$id" failed "no state named $w in $(cat $PARAMS/states)"; return; }
	done
	for k in $off; do set_disable $k 1; done
	before=
	for k in $off; do before="$before $(usage_sum $k)"; done
	echo "# exp: info $id states $(cat $PARAMS/states)"
	echo "# exp: info $id topology $(cat $PARAMS/topology)"
	echo "# exp: info $id power $(cat $PARAMS/power 2>/dev/null)"
	echo "# exp: info $id mode $(cat $PARAMS/mode 2>/dev/null)"
	echo "# exp: info $id domain_gov $(cat $PARAMS/domain_gov 2>/dev/null)"
	echo "# exp: info $id disabled${off:- none}"
	echo "# exp: info $id governors $have"

	saved=
	if [ "$dma" != - ]; then
		# a 4-byte write would be taken as a raw s32: 8 hex digits are ASCII
		exec 7> /dev/cpu_dma_latency && printf '0x%08x' $dma >&7 ||
			{ result "$id" failed "cannot hold /dev/cpu_dma_latency at $dma us"; return; }
	fi
	if [ "$resume" != - ]; then
		for f in /sys/devices/system/cpu/cpu[0-9]*/power/pm_qos_resume_latency_us; do
			saved="$saved $f=$(cat $f)"
			echo $resume > $f
		done
	fi
	# the guest programs of experiments/guest/ are in the image's root
	case "$run" in
	pidle-irqwork*) run="/$run -S /tmp/samples" ;;
	pidle-work*|pidle-pingpong*|pidle-wakeload*|pidle-ring*) run="/$run" ;;
	rt-app*) run="/bin/sh /rt-app-run.sh ${run#rt-app }" ;;
	fio*|hackbench*) run="/bin/sh /linuxpm-run.sh $run" ;;
	esac
	rm -f /tmp/samples /tmp/stat.json
	if [ "$TRACE" = 1 ]; then
		trace_start $gov || { result "$id" failed "cannot switch on the trace events of /replay-events.sh"; return; }
	fi
	timeout $TIMEOUT pidle-stat --json -o /tmp/stat.json -- $run > /tmp/work.csv 2>/tmp/err
	st=$?
	[ "$TRACE" = 1 ] && trace_stop
	[ "$dma" != - ] && exec 7>&-
	for s in $saved; do echo ${s#*=} > ${s%%=*}; done

	why=
	[ $st -eq 143 ] || [ $st -eq 124 ] && why="hung: no end within $TIMEOUT s"
	[ -z "$why" ] && [ $st -ne 0 ] && why="exit $st: $(head -c 300 /tmp/err)"
	i=1
	for k in $off; do
		b=$(echo $before | cut -d' ' -f$i); a=$(usage_sum $k)
		[ "$a" = "$b" ] || why="$why state$k entered $((a - b)) times while disabled"
		i=$((i + 1))
	done
	bad=$(counters_bad | head -n 4 | tr '\n' ' ')
	[ -n "$bad" ] && why="$why counters inconsistent: $bad"
	[ -s /tmp/stat.json ] && block "$id" stat /tmp/stat.json
	[ -s /tmp/work.csv ] && block "$id" work /tmp/work.csv
	[ -s /tmp/samples ] && block "$id" samples /tmp/samples
	# the trace straight from tracefs (a copy would hold tens of MB)
	[ "$TRACE" = 1 ] && { block "$id" trace $TR/trace; echo > $TR/trace; }
	if [ -n "$why" ]; then result "$id" failed "$why"; else result "$id" ok ""; fi
}

ktap_header
ktap_plan $(grep -c '^cell ' /exp/cells.sh)
# A job with a disk (a cell reads /dev/vda): its virtio modules, and the
# device node, which no udev makes here.
if [ -d /kmod-virtio ]; then
	for m in virtio_ring virtio virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci virtio_blk; do
		[ -f /kmod-virtio/$m.ko ] && insmod /kmod-virtio/$m.ko 2>/dev/null
	done
	i=0
	while [ ! -e /sys/block/vda/dev ] && [ $i -lt 20 ]; do sleep 0.1; i=$((i + 1)); done
	[ -e /sys/block/vda/dev ] && mknod /dev/vda b $(tr ':' ' ' < /sys/block/vda/dev)
	echo "# exp: disk $(ls -l /dev/vda 2>&1)"
fi
# A job with the linux-pm block workloads (fio on null_blk or dm-delay):
# null_blk's one 1 GiB device, nullb0 (no memory behind it: reads return
# at once, completed in the submitter's softirq), and over it a dm-delay
# target whose reads complete 1 ms late, from dm-delay's timer:
# /dev/mapper/pidle-delay. The modules come from the guest kernel's own
# tree (harness/image --blk); one it lacks is said, and the cells that
# need it fail naming the device.
if [ -d /kmod-blk ]; then
	for m in configfs null_blk dm-mod dm-delay; do
		case $m in null_blk) a="nr_devices=1 gb=1" ;; *) a= ;; esac
		if [ -f /kmod-blk/$m.ko ]; then
			insmod /kmod-blk/$m.ko $a 2>/tmp/insmod.err ||
				echo "# exp: blk insmod $m: $(cat /tmp/insmod.err)"
		else
			echo "# exp: blk no module $m in the image (built in, or not in this kernel)"
		fi
	done
	i=0
	while [ ! -b /dev/nullb0 ] && [ $i -lt 20 ]; do sleep 0.1; i=$((i + 1)); done
	if [ -b /dev/nullb0 ]; then
		# no udev here: libdevmapper makes the node itself
		dmsetup create pidle-delay --noudevsync \
			--table "0 $(cat /sys/block/nullb0/size) delay /dev/nullb0 0 1" > /tmp/dm.out 2>&1 ||
			echo "# exp: blk dmsetup create failed: $(cat /tmp/dm.out)"
	fi
	echo "# exp: blk $(ls -l /dev/nullb0 /dev/mapper/pidle-delay 2>&1 | tr '\n' ' ')"
	echo "# exp: blk dm: $(cat /sys/block/dm-*/dm/name 2>&1 | tr '\n' ' ')"
fi
# The RTC's first use after boot is slow (a first RTC_PIE_ON of 0.96 s,
# then wake-ups every 8 ms for a while, seen once in the first cell): use
# it once before the cells, outside any of them.
/pidle-irqwork -f 1000 -n 100 -c 1 > /dev/null 2>&1
. /exp/cells.sh
unload >/dev/null
ktap_finished
