#!/bin/busybox sh
# rt-app-run.sh NAME CPU: the guest half of an experiment's rt-app
# workload (run = rt-app NAME CPU). Runs /rt-app/NAME.json (a copy of
# experiments/rt-app/NAME.json) as it is written, then prints the
# wake-up latencies rt-app logged (wu_lat: timer expiry to the thread
# running, every thread, every period after each thread's first) as
# pidle-wakeload's CSV, for CPU (the workload's CPU of the report).
[ $# -eq 2 ] || { echo "usage: rt-app-run.sh NAME CPU" >&2; exit 2; }
[ -f /rt-app/$1.json ] || { echo "rt-app-run.sh: no /rt-app/$1.json (experiments/rt-app/$1.json)" >&2; exit 2; }
command -v rt-app > /dev/null || { echo "rt-app-run.sh: no rt-app in the guest: install Debian's rt-app (scripts/deps)" >&2; exit 1; }
rm -rf /tmp/rta && mkdir -p /tmp/rta
rt-app /rt-app/$1.json > /tmp/rta.out 2>&1 || { tail -n 5 /tmp/rta.out >&2; exit 1; }
for f in /tmp/rta/*.log; do
	awk '!/^#/ && NF >= 11 && $10 > 0 && n++ > 0 { print $11 }' "$f"
done | sort -n > /tmp/rta.lat
awk -v cpu=$2 '{ v[NR] = $1; s += $1 }
	END {
		if (NR == 0) { print "rt-app-run.sh: no timer wake-ups in the logs" > "/dev/stderr"; exit 1 }
		print "cpu,interrupts,resp_p50_us,resp_p99_us,resp_max_us,wake_p50_us,added_ms"
		p50 = v[int(NR / 2) + 1]; p99 = v[int(NR * 99 / 100) + 1]
		printf "%d,%d,%.1f,%.1f,%.1f,%.1f,%.3f\n", cpu, NR, p50, p99, v[NR], p50, s / 1000
	}' /tmp/rta.lat
