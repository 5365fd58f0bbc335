# SPDX-License-Identifier: GPL-2.0
# The guest harness's build side (harness/README): the tools as guests run
# them (harness/image --tools), and the guest programs of every user of
# the harness: each NAME.c of a GUEST_DIRS directory built static as
# build/guest/NAME, with the project's userspace library
# (tools/pidle_common.c, pidle_opts.c) and the model core at hand (a
# program that does not use the archive takes nothing from it). Included
# by the top Makefile.
GUEST_DIRS := tests/vm/guest experiments/guest

.PHONY: guest-tools
guest-tools: $(BUILD)/pidle-topo $(BUILD)/pidle-stat.static $(BUILD)/pidle-bench.static

# guest_progs DIR: build/guest/NAME for each DIR/NAME.c, and for each
# DIR/NAME/ (a program of several files, DIR/NAME/*.c)
guest_progs = $(patsubst $1/%.c,$(BUILD)/guest/%,$(wildcard $1/*.c)) \
	      $(patsubst $1/%/,$(BUILD)/guest/%,$(wildcard $1/*/))
GUEST_LIBS := $(BUILD)/o/tools/pidle_common.o $(BUILD)/o/tools/pidle_opts.o \
	      $(BUILD)/libpidle.a

define guest_rule
$$(BUILD)/guest/%: $$(BUILD)/o/$1/%.o $$(GUEST_LIBS)
	@mkdir -p $$(@D)
	$$(LINK) -static -pthread -lm
endef
$(foreach d,$(GUEST_DIRS),$(eval $(call guest_rule,$d)))

$(BUILD)/guest/pidlecfg: $(call objs,o,$(wildcard tests/vm/guest/pidlecfg/*.c)) $(GUEST_LIBS)
	@mkdir -p $(@D)
	$(LINK) -static -pthread -lm

# harness/check's verdicts on made-up logs (harness/test/run).
.PHONY: check-harness
check-harness:
	@harness/test/run
