#!/bin/sh
# run.sh BUILD_DIR: make bench. Each benchmark prints one table with its
# ratios and whether its goal is met; a missed goal is printed, never an
# error. The exit status is non-zero only when a benchmark could not run.
# BENCH_SKIP="model", "vm" or "replay" leaves one out; the knobs of each are in
# bench/model.sh and bench/vm.sh and in Documentation/pidle-bench.rst.
B=$1
HERE=$(cd "$(dirname "$0")" && pwd)
t0=$(date +%s)
rc=0
echo "make bench: $(uname -m), $(nproc) host CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
case " ${BENCH_SKIP:-} " in *" model "*) ;; *)
	"$HERE/model.sh" "$B" || { echo "model benchmark FAILED to run"; rc=1; } ;;
esac
case " ${BENCH_SKIP:-} " in *" vm "*) ;; *)
	"$HERE/vm.sh" || { echo "guest benchmarks FAILED to run"; rc=1; } ;;
esac
case " ${BENCH_SKIP:-} " in *" replay "*) ;; *)
	"$HERE/replay.sh" "$B" || { echo "replay benchmark FAILED to run"; rc=1; } ;;
esac
echo "make bench: $(( $(date +%s) - t0 )) s"
exit $rc
