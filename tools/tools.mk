# SPDX-License-Identifier: GPL-2.0
# pidle-stat and pidle-bench, and their static builds for the busybox
# guests (the same objects, linked -static). Included by the top Makefile,
# whose pattern rules compile every object.
PIDLE_COMMON_SRCS := tools/pidle_common.c tools/pidle_opts.c
PIDLE_STAT_SRCS := tools/pidle-stat.c tools/pidle_snap.c tools/pidle_stat_delta.c \
		   tools/pidle_stat_plain.c tools/pidle_stat_csv.c \
		   tools/pidle_stat_json.c $(PIDLE_COMMON_SRCS)
PIDLE_BENCH_SRCS := tools/pidle-bench.c tools/pidle_bench_stats.c \
		    tools/pidle_bench_irq.c tools/pidle_bench_trace.c \
		    $(PIDLE_COMMON_SRCS)
# -V, --version: the version dkms.conf gives the package, one place.
PIDLE_VERSION := $(shell sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' dkms.conf)
$(BUILD)/o/tools/pidle_opts.o $(BUILD)/san/tools/pidle_opts.o: dkms.conf
$(BUILD)/o/tools/pidle_opts.o $(BUILD)/san/tools/pidle_opts.o: \
	CFLAGS += -DPIDLE_VERSION='"$(PIDLE_VERSION)"'

TOOLS += $(BUILD)/pidle-stat $(BUILD)/pidle-stat.static \
	 $(BUILD)/pidle-bench $(BUILD)/pidle-bench.static

$(BUILD)/pidle-stat $(BUILD)/pidle-stat.static: $(call objs,o,$(PIDLE_STAT_SRCS))
$(BUILD)/pidle-bench $(BUILD)/pidle-bench.static: $(call objs,o,$(PIDLE_BENCH_SRCS))
$(BUILD)/pidle-bench $(BUILD)/pidle-bench.static: LDLIBS += -pthread -lm
$(BUILD)/%.static: LDFLAGS += -static
$(BUILD)/pidle-stat $(BUILD)/pidle-stat.static $(BUILD)/pidle-bench $(BUILD)/pidle-bench.static:
	$(LINK)

# The JSON Lines checker of the guests, also run by the golden tests.
$(BUILD)/jsoncheck: $(call objs,o,tests/vm/guest/jsoncheck.c)
	$(LINK)

# make tools-san: the three tools (and the JSON checker the golden tests
# use) built with AddressSanitizer and UBSan into build/san/, from the san
# objects the unit tests use; SAN_OPT=-O1 (or -O0) for their optimisation
# level. make check-tools-san runs the golden tests on them.
TOOLS_SAN := $(BUILD)/san/pidle-topo $(BUILD)/san/pidle-stat \
	     $(BUILD)/san/pidle-bench $(BUILD)/san/jsoncheck
$(BUILD)/san/pidle-stat: $(call objs,san,$(PIDLE_STAT_SRCS))
$(BUILD)/san/pidle-bench: $(call objs,san,$(PIDLE_BENCH_SRCS))
$(BUILD)/san/pidle-bench: LDLIBS += -pthread -lm
$(BUILD)/san/jsoncheck: $(call objs,san,tests/vm/guest/jsoncheck.c)
$(TOOLS_SAN): LDFLAGS += $(SAN_FLAGS)
$(BUILD)/san/pidle-stat $(BUILD)/san/pidle-bench $(BUILD)/san/jsoncheck:
	$(LINK)
