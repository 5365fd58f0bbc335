# SPDX-License-Identifier: GPL-2.0
# The guest harness's build side (harness/README): the tools as guests run
# them (harness/image --tools), and the guest programs of every user of
# the harness: each NAME.c of a GUEST_DIRS directory built static as
# build/guest/NAME, with the model core at hand (a program that does not
# use it takes nothing from the archive). Included by the top Makefile.
GUEST_DIRS := tests/vm/guest demo/guest

.PHONY: guest-tools
guest-tools: $(BUILD)/pidle-topo $(BUILD)/pidle-stat.static $(BUILD)/pidle-bench.static

# guest_progs DIR: build/guest/NAME for each DIR/NAME.c
guest_progs = $(patsubst $1/%.c,$(BUILD)/guest/%,$(wildcard $1/*.c))
GUEST_PROGS := $(foreach d,$(GUEST_DIRS),$(call guest_progs,$d))

define guest_rule
$$(BUILD)/guest/%: $$(BUILD)/o/$1/%.o $$(BUILD)/libpidle.a
	@mkdir -p $$(@D)
	$$(LINK) -static -pthread -lm
endef
$(foreach d,$(GUEST_DIRS),$(eval $(call guest_rule,$d)))
