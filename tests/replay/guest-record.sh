#!/bin/busybox sh
# guest-record: the guest half of tests/replay/record.sh. Loads the module
# with the table the command line names (replay_states=, replay_topology=,
# replay_power=, replay_gov=, and in OSI mode replay_mode=osi and
# replay_dgov=, the domain governors), switches on the events pidle-replay reads
# (Documentation/pidle-replay.rst), runs the workload (replay_run=, the
# experiment's pidle-irqwork with its arguments joined by commas), and
# prints the trace on the console between markers, each line prefixed
# "T ", then pidle-stat's JSON of the same run prefixed "S ". With
# replay_tracedat=1 trace-cmd record (on PATH: record.sh OUT.dat) records
# the same events, mark and workload into trace.dat, which goes out in
# base64 between markers, each line prefixed "D ".
# smp: 2
. /ktap.sh
. /module.sh

. /replay-events.sh

record() {
	states=$(arg replay_states "")
	topo=$(arg replay_topology auto)
	power=$(arg replay_power none)
	gov=$(arg replay_gov menu)
	run=$(arg replay_run "pidle-irqwork,-f,1000,-n,200,-w,1000,-c,1" | tr , ' ')
	mode=$(arg replay_mode pc)
	dgov=$(arg replay_dgov "")
	load states=$states topology=$topo power=$power mode=$mode \
		${dgov:+domain_gov=$dgov} || return 1
	echo $gov > $CPUIDLE/current_governor 2>/dev/null
	[ "$(cat $CPUIDLE/current_governor)" = "$gov" ] ||
		{ why "cannot select governor $gov ($(cat $CPUIDLE/available_governors))"; return 1; }
	[ "$(arg replay_tracedat 0)" = 1 ] && { record_dat; return; }
	echo mono > $TR/trace_clock
	echo 16384 > $TR/buffer_size_kb
	# every event on before the trace starts: all of them from its first
	# line (switching one on patches text: IPIs, which the trace would
	# show as wake-ups)
	echo 0 > $TR/tracing_on
	e=$(replay_events 1) || { why "no event $e"; return 1; }
	sleep 1
	echo > $TR/trace
	echo 1 > $TR/tracing_on
	# the governor from a clean history, as the replay starts it: a
	# switch disables and re-enables every device (->enable clears the
	# governor's per-CPU data); the marker says where (pidle-replay starts
	# there)
	other=ladder; [ "$gov" = ladder ] && other=menu
	echo $other > $CPUIDLE/current_governor
	echo $gov > $CPUIDLE/current_governor
	echo "pidle-replay: governor reset" > $TR/trace_marker
	pidle-stat --json -o /tmp/stat.json -- /$run > /tmp/work.csv ||
		{ why "workload failed: $run"; return 1; }
	echo 0 > $TR/tracing_on
	replay_events 0 > /dev/null
	echo "# replay-trace-begin"
	sed 's/^/T /' $TR/trace
	echo "# replay-trace-end"
	sed 's/^/S /' /tmp/stat.json
	diag "entries: $(grep -c pidle_enter: $TR/trace), lost: $(grep -c LOST $TR/trace)"
}

# trace-cmd record: the events on before its command runs, which resets
# the governor, marks the trace and runs the workload, as record() does
record_dat() {
	other=ladder; [ "$gov" = ladder ] && other=menu
	opts=""
	for e in $REPLAY_EVENTS; do opts="$opts -e ${e%%/*}:${e#*/}"; done
	cat > /tmp/work.sh <<-EOS
	echo $other > $CPUIDLE/current_governor
	echo $gov > $CPUIDLE/current_governor
	echo "pidle-replay: governor reset" > $TR/trace_marker
	pidle-stat --json -o /tmp/stat.json -- /$run > /tmp/work.csv
	EOS
	cd /tmp && trace-cmd record -q -C mono -b 16384 $opts -o /tmp/trace.dat \
		sh /tmp/work.sh > /tmp/record.log 2>&1 ||
		{ why "trace-cmd record failed: $(tail -n 3 /tmp/record.log)"; return 1; }
	[ -s /tmp/stat.json ] || { why "workload failed: $run"; return 1; }
	echo "# replay-dat-begin"
	base64 /tmp/trace.dat | sed 's/^/D /'
	echo "# replay-dat-end"
	sed 's/^/S /' /tmp/stat.json
	diag "trace.dat: $(wc -c < /tmp/trace.dat) bytes"
}

ktap_header
ktap_test "trace recorded" record
unload >/dev/null
ktap_finished
