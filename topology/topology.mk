# SPDX-License-Identifier: GPL-2.0
# pidle-topo: included by the top Makefile.
#
# The tool links the model core (build/libpidle.a) for its parser, and
# hwloc. It is plain userspace code: it takes the shim's <linux/types.h>
# (u32, u64) by -include, but not tests/shim on the include path, whose
# <linux/errno.h> and <linux/limits.h> would hide glibc's.

TOPO_SRCS := $(wildcard topology/*.c) tools/pidle_common.c
TOPO_HDRS := $(wildcard topology/*.h) tools/pidle_common.h
TOPO_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Wno-unused-parameter \
	       -Wno-missing-field-initializers -Iinclude -Itopology -Itools \
	       -include tests/shim/linux/types.h \
	       $(shell pkg-config --cflags hwloc 2>/dev/null)
TOPO_LIBS := $(shell pkg-config --libs hwloc 2>/dev/null || echo -lhwloc)

$(BUILD)/pidle-topo: $(TOPO_SRCS) $(TOPO_HDRS) $(BUILD)/libpidle.a | $(BUILD)
	$(CC) $(TOPO_CFLAGS) -o $@ $(TOPO_SRCS) $(BUILD)/libpidle.a $(TOPO_LIBS)

TOOLS += $(BUILD)/pidle-topo
TOOL_CHECKS += check-topo

.PHONY: check-topo
check-topo: $(BUILD)/pidle-topo
	tests/tools/topo/run.sh $(BUILD)/pidle-topo
