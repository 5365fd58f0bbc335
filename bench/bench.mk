# SPDX-License-Identifier: GPL-2.0
# make bench: benchmarks, separate from make check (bench/run.sh says what
# each measures). Included by the top Makefile.

$(BUILD)/model_bench: bench/model/model_bench.c $(BUILD)/libpidle.a
	$(CC) $(CFLAGS_COMMON) -pthread $< $(BUILD)/libpidle.a -o $@

bench: deps-check $(BUILD)/model_bench guest-tools
	@bench/run.sh $(BUILD)
