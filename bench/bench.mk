# SPDX-License-Identifier: GPL-2.0
# make bench: benchmarks, separate from make check (bench/run.sh says what
# each measures). Included by the top Makefile.

$(BUILD)/model_bench: $(BUILD)/o/bench/model/model_bench.o $(BUILD)/libpidle.a
	$(LINK) -pthread

bench: deps-check $(BUILD)/model_bench guest-tools $(BUILD)/pidle-replay \
       $(BUILD)/guest/pidle-irqwork
	@bench/run.sh $(BUILD)
