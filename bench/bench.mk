# SPDX-License-Identifier: GPL-2.0
# make bench: benchmarks, separate from make check (bench/run.sh says what
# each measures). Included by the top Makefile.

$(BUILD)/model_bench: $(BUILD)/o/bench/model/model_bench.o $(BUILD)/libpidle.a
	$(LINK) -pthread

# The generated standard trace of bench/replay.sh's reader rows, as text
# and as trace.dat (bench/replay-gen-dat.py, the formats of the shipped
# recording tests/replay/tracedat/menu.dat), cached: N periods,
# BENCH_REPLAY_PERIODS (500000; a minute to write the trace.dat).
BENCH_REPLAY_PERIODS ?= 500000
BENCH_REPLAY_GEN := $(BUILD)/bench/replay-gen-$(BENCH_REPLAY_PERIODS)
$(BUILD)/bench/replay-gen-%.trace: bench/replay-gen.awk
	@mkdir -p $(@D)
	awk -v n=$* -v cpus=2 -f $< | LC_ALL=C sort -s -k1,1 | cut -f2- > $@.tmp
	mv $@.tmp $@
$(BUILD)/bench/replay-gen-%.dat: $(BUILD)/bench/replay-gen-%.trace \
				 bench/replay-gen-dat.py tests/replay/tracedat/menu.dat
	trace-cmd convert --file-version 6 --compression none \
		-i tests/replay/tracedat/menu.dat -o $@.v6 > /dev/null
	python3 bench/replay-gen-dat.py $@.v6 $@.tmp < $<
	rm -f $@.v6
	mv $@.tmp $@

bench: deps-check $(BUILD)/model_bench guest-tools $(BUILD)/pidle-replay \
       $(BUILD)/guest/pidle-irqwork $(BENCH_REPLAY_GEN).dat
	@BENCH_REPLAY_PERIODS=$(BENCH_REPLAY_PERIODS) bench/run.sh $(BUILD)
