#!/bin/sh
# Build a fake sysfs tree in $1 from the compact spec on stdin:
#   cpuidle CPU K NAME LATENCY_US USAGE TIME_US ABOVE BELOW  ('~' in NAME: a space)
#   pcpu CPU K REQUESTED ACHIEVED DEMOTED LAT_PAID_NS OVERSHOOT_NS
#   domain NAME LEVEL CPUS K STATE USAGE RESIDENCY_NS TOO_DEEP REJECTED LAT_PAID_NS
#   genpd NAME K ABOVE BELOW   (genpd's counters of domain NAME's state K)
#   sys DRIVER GOVERNOR TOPOLOGY   (cpuidle's current ones, the module's topology)
#   energy NODE ENERGY_UJ IDLE_UJ ORACLE_UJ   (NODE: root, cpuN or domains/NAME)
#   file PATH VALUE   (PATH under /sys/kernel/pseudo_cpuidle; '~' in VALUE: a space)
set -e
root=$1
mkdir -p "$root/sys/devices/system/cpu"
while read -r kind a b c d e f g h i j; do
	case "$kind" in
	cpuidle)
		s=$root/sys/devices/system/cpu/cpu$a/cpuidle/state$b
		mkdir -p "$s"
		echo "$c" | tr '~' ' ' >"$s/name"; echo "$d" >"$s/latency"
		echo "$e" >"$s/usage"; echo "$f" >"$s/time"
		echo "$g" >"$s/above"; echo "$h" >"$s/below"
		echo 0 >"$s/disable" ;;
	pcpu)
		s=$root/sys/kernel/pseudo_cpuidle/cpu$a/state$b
		mkdir -p "$s"
		echo "$c" >"$s/requested"; echo "$d" >"$s/achieved"
		echo "$e" >"$s/demoted"; echo "$f" >"$s/latency_paid_ns"
		echo "$g" >"$s/overshoot_ns" ;;
	domain)
		dd=$root/sys/kernel/pseudo_cpuidle/domains/$a
		s=$dd/state$d
		mkdir -p "$s"
		echo "$b" >"$dd/level"; echo "$c" >"$dd/cpus"
		echo "$e" >"$s/name"; echo "$f" >"$s/usage"
		echo "$g" >"$s/residency_ns"; echo "$h" >"$s/too_deep"
		echo "$i" >"$s/rejected"; echo "$j" >"$s/latency_paid_ns" ;;
	genpd)
		s=$root/sys/kernel/pseudo_cpuidle/domains/$a/state$b
		mkdir -p "$s"
		echo "$c" >"$s/above"; echo "$d" >"$s/below" ;;
	sys)
		mkdir -p "$root/sys/devices/system/cpu/cpuidle" "$root/sys/kernel/pseudo_cpuidle"
		echo "$a" >"$root/sys/devices/system/cpu/cpuidle/current_driver"
		echo "$b" >"$root/sys/devices/system/cpu/cpuidle/current_governor"
		echo "$c" >"$root/sys/kernel/pseudo_cpuidle/topology" ;;
	energy)
		s=$root/sys/kernel/pseudo_cpuidle; [ "$a" = root ] || s=$s/$a
		mkdir -p "$s"
		echo "$b" >"$s/energy_uj"
		[ "$a" = root ] && continue
		echo "$c" >"$s/idle_energy_uj"; echo "$d" >"$s/oracle_energy_uj" ;;
	file)
		s=$root/sys/kernel/pseudo_cpuidle/$a
		mkdir -p "$(dirname "$s")"
		echo "$b" | tr '~' ' ' >"$s" ;;
	''|'#'*) ;;
	*) echo "mktree: unknown line kind '$kind'" >&2; exit 1 ;;
	esac
done
