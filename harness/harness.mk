# SPDX-License-Identifier: GPL-2.0
# The guest harness's build side (harness/README): the tools as guests run
# them (harness/image --tools), and the guest programs of every user of
# the harness, each NAME.c of a GUEST_DIRS directory built static as
# build/guest/NAME. Included by the top Makefile.

GUEST_DIRS := tests/vm/guest demo/guest
GUEST_CFLAGS := -std=gnu11 -O2 -Wall -Wextra -Werror -Wno-unused-parameter \
		-Wno-missing-field-initializers -static -MMD -MP

.PHONY: guest-tools
guest-tools: $(BUILD)/pidle-topo $(BUILD)/pidle-stat.static $(BUILD)/pidle-bench.static

vpath %.c $(GUEST_DIRS)
# A program that includes <pidle/...> is linked with the model core,
# compiled unchanged through tests/shim/ (the archive adds nothing to the
# others); only those get the shim on their include path, which would
# hide the system's <linux/types.h> from the others.
$(BUILD)/guest/%: %.c $(BUILD)/libpidle.a
	@mkdir -p $(@D)
	$(CC) $(GUEST_CFLAGS) $(if $(shell grep -l '^#include <pidle/' $<),-Iinclude -Itests/shim) \
		-o $@ $< $(BUILD)/libpidle.a -pthread -lm

# guest-progs-DIR: build/guest/NAME for each DIR/NAME.c
GUEST_PROGS = $(patsubst %.c,$(BUILD)/guest/%,$(notdir $(wildcard $(1)/*.c)))
-include $(wildcard $(BUILD)/guest/*.d)
