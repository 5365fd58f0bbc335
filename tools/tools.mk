# SPDX-License-Identifier: GPL-2.0
# The userspace tools: pidle-stat and pidle-bench, plus static variants for
# the busybox guests. Included by the top Makefile.

TOOLS_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Wno-unused-parameter \
		-Wno-format-truncation -Itools
# Shared by the three tools (pidle-topo's makefile names them too).
PIDLE_COMMON_SRCS := tools/pidle_common.c
PIDLE_COMMON_HDRS := tools/pidle_common.h
PIDLE_STAT_SRCS := tools/pidle-stat.c tools/pidle_snap.c tools/pidle_stat_delta.c \
		   tools/pidle_stat_plain.c tools/pidle_stat_csv.c \
		   tools/pidle_stat_json.c $(PIDLE_COMMON_SRCS)
PIDLE_STAT_HDRS := tools/pidle_snap.h tools/pidle_stat_delta.h \
		   tools/pidle_stat_report.h $(PIDLE_COMMON_HDRS)
PIDLE_BENCH_SRCS := tools/pidle-bench.c tools/pidle_bench_stats.c \
		    tools/pidle_bench_irq.c tools/pidle_bench_trace.c \
		    $(PIDLE_COMMON_SRCS)
PIDLE_BENCH_HDRS := tools/pidle_bench_stats.h tools/pidle_bench_irq.h \
		    tools/pidle_bench_trace.h $(PIDLE_COMMON_HDRS)

PIDLE_TOOLS := $(BUILD)/pidle-stat $(BUILD)/pidle-stat.static
TOOLS += $(PIDLE_TOOLS)
TOOL_CHECKS += check-stat

$(BUILD)/pidle-stat: $(PIDLE_STAT_SRCS) $(PIDLE_STAT_HDRS) | $(BUILD)
	$(CC) $(TOOLS_CFLAGS) -o $@ $(PIDLE_STAT_SRCS)

$(BUILD)/pidle-stat.static: $(PIDLE_STAT_SRCS) $(PIDLE_STAT_HDRS) | $(BUILD)
	$(CC) $(TOOLS_CFLAGS) -static -o $@ $(PIDLE_STAT_SRCS)

ifneq ($(wildcard tools/pidle-bench.c),)
PIDLE_TOOLS += $(BUILD)/pidle-bench $(BUILD)/pidle-bench.static
TOOLS += $(BUILD)/pidle-bench $(BUILD)/pidle-bench.static

$(BUILD)/pidle-bench: $(PIDLE_BENCH_SRCS) $(PIDLE_BENCH_HDRS) | $(BUILD)
	$(CC) $(TOOLS_CFLAGS) -pthread -o $@ $(PIDLE_BENCH_SRCS) -lm

$(BUILD)/pidle-bench.static: $(PIDLE_BENCH_SRCS) $(PIDLE_BENCH_HDRS) | $(BUILD)
	$(CC) $(TOOLS_CFLAGS) -pthread -static -o $@ $(PIDLE_BENCH_SRCS) -lm
endif

# The guests' JSON Lines checker, also used by the golden tests on the host.
$(BUILD)/jsoncheck: tests/vm/guest/jsoncheck.c | $(BUILD)
	$(CC) $(TOOLS_CFLAGS) -o $@ $<

.PHONY: check-stat
# Golden tests of both tools; the last line is "N passed, N failed".
check-stat: $(PIDLE_TOOLS) $(BUILD)/jsoncheck
	@tools/golden.sh $(BUILD) tests/tools/stat tests/tools/bench
