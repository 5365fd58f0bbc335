# SPDX-License-Identifier: GPL-2.0
# fuzz_gov: two versions of a kernel governor in one libFuzzer program
# (tests/fuzz/fuzz_gov.c, tests/fuzz/README). Included by fuzz.mk.
#
# The versions are tests/fuzz/fuzz_gov.versions, one a line: each is built
# by scripts/gov-version (its governor sources in $(BUILD)/versions/KEY/src,
# cached by content), then this file is made again with FUZZ_GOV_KEYS set
# ("NAME=KEY ..."), as versions.mk is with VERSION_KEY, and version N's
# files are compiled with cpuidle_register_governor renamed to
# pidle_kgov_register_vN: their static per-CPU data stay apart, and each
# registers under its own number. Coverage on the governors and the
# replay's engine, both sanitizers on everything.
#
# FUZZ_GOV_LIST is the versions held: tests/fuzz/fuzz_gov.versions, or
# another list of the same form; FUZZ_GOV_DIR the program's own files (its
# versions' objects, the names, its traces) and FUZZ_GOV the program.
# tools/replay/pidle-patch-check gives all three (6.12 and a developer's
# own, in $(BUILD)/fuzz/gov-yours): its program is built beside this one,
# never over it. (Set on the command line, which the make below inherits:
# the environment has FUZZ_GOV as fuzz_gov.c reads it, a governor's name.)
FUZZ_GOV_LIST ?= tests/fuzz/fuzz_gov.versions
FUZZ_GOV_DIR := $(BUILD)/fuzz/gov
FUZZ_GOV := $(BUILD)/fuzz/fuzz_gov
FUZZ_GOV_REPLAY_SRCS := tools/replay/pidle_rp_parse.c \
	tools/replay/pidle_rp_trace.c tools/replay/pidle_rp_tracedat.c \
	tools/replay/pidle_rp_run.c tools/replay/pidle_rp_exp.c \
	topology/presets.c tools/pidle_common.c
# (KGOV_CFLAGS comes later, from replay.mk: expanded when used)
FUZZ_GOV_CFLAGS = $(KGOV_CFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link

# the keys, every time (gov-version answers from its cache), then the
# program, by the make below
.PHONY: fuzz-gov-force
fuzz-gov-force:
$(FUZZ_GOV): fuzz-gov-force
	@mkdir -p $(FUZZ_GOV_DIR)
	@tests/fuzz/gov-versions -b $(BUILD) $(FUZZ_GOV_LIST) > $(FUZZ_GOV_DIR)/versions.txt
	@keys=$$(awk '{ printf "%s%s=%s", (NR > 1 ? " " : ""), $$1, $$2 }' $(FUZZ_GOV_DIR)/versions.txt) && \
	$(MAKE) --no-print-directory FUZZ_GOV_KEYS="$$keys" fuzz-gov-link

ifdef FUZZ_GOV_KEYS
fuzz_gov_key = $(lastword $(subst =, ,$1))
FUZZ_GOV_NAMES := $(foreach v,$(FUZZ_GOV_KEYS),$(firstword $(subst =, ,$v)))
FUZZ_GOV_OBJS :=
# fuzz_gov_version INDEX,KEY: version INDEX's objects, from KEY's sources
define fuzz_gov_version
$(FUZZ_GOV_DIR)/v$1-$2/%.o: $(BUILD)/versions/$2/src/%.c
	@mkdir -p $$(@D)
	$$(CLANG) $$(FUZZ_GOV_CFLAGS) -MMD -MP -Dcpuidle_register_governor=pidle_kgov_register_v$1 \
		-I$(BUILD)/versions/$2/src -c $$< -o $$@
FUZZ_GOV_OBJS += $(patsubst $(BUILD)/versions/$2/src/%.c,$(FUZZ_GOV_DIR)/v$1-$2/%.o,\
	$(wildcard $(BUILD)/versions/$2/src/*.c))
endef
$(foreach i,$(shell seq 1 $(words $(FUZZ_GOV_KEYS))),$(eval $(call \
	fuzz_gov_version,$(shell echo $$(($i - 1))),$(call fuzz_gov_key,$(word $i,$(FUZZ_GOV_KEYS))))))

# the names, for the program (rewritten only when they change)
$(FUZZ_GOV_DIR)/versions.h: fuzz-gov-force
	@mkdir -p $(@D)
	@echo '#define FUZZ_GOV_VERSIONS "$(FUZZ_GOV_NAMES)"' > $@.new && \
	if cmp -s $@.new $@; then rm $@.new; else mv $@.new $@; fi
# the program's main, with its names: one object per program
$(FUZZ_GOV_DIR)/fuzz_gov.o: tests/fuzz/fuzz_gov.c $(FUZZ_GOV_DIR)/versions.h
	$(CLANG) $(CFLAGS) $(FUZZ_FLAGS) -MMD -MP $(call inc,$<) -include $(FUZZ_GOV_DIR)/versions.h -c $< -o $@
$(BUILD)/fuzz/tools/replay/pidle_kgov.o: tools/replay/pidle_kgov.c
	@mkdir -p $(@D)
	$(CLANG) $(FUZZ_GOV_CFLAGS) -MMD -MP -c $< -o $@
$(call objs,fuzz,$(FUZZ_GOV_REPLAY_SRCS)): CFLAGS += -Wno-include-next-absolute-path

.PHONY: fuzz-gov-link
fuzz-gov-link: $(FUZZ_GOV_DIR)/fuzz_gov.o $(call objs,fuzz,$(FUZZ_GOV_REPLAY_SRCS)) \
	       $(BUILD)/fuzz/tools/replay/pidle_kgov.o $(FUZZ_GOV_OBJS) $(FUZZ_MODEL_OBJS)
	$(CLANG) $(CFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer $^ -o $(FUZZ_GOV).new -lm $(TRACECMD_LIBS) && \
	mv -f $(FUZZ_GOV).new $(FUZZ_GOV)
-include $(FUZZ_GOV_OBJS:.o=.d) $(FUZZ_GOV_DIR)/fuzz_gov.d
endif

# The pairs compared, GOVERNOR:A:B (names of fuzz_gov.versions): adding
# a version to them is one word here. The shipped versions, each against
# the next: 6.1 then 6.12 (Debian 12's kernels), 6.12 then mainline.
FUZZ_GOV_PAIRS ?= menu:6.1:6.12 teo:6.1:6.12 menu:6.12:mainline teo:6.12:mainline
# make check-fuzz-gov: the seeds, then FUZZ_GOV_CHECK_RUNS inputs per pair
# from -seed=1; then the broken teo found within FUZZ_GOV_FIND_RUNS
# inputs, its reproducer minimized and shown by pidle-gov-diff.
FUZZ_GOV_CHECK_RUNS ?= 2000
FUZZ_GOV_FIND_RUNS ?= 30000
# ... and, for these pairs, which must diverge (their versions are known
# to part, on the seeds), the largest divergence's trace replayed by
# pidle-gov-diff: a new version's divergences checked by a second program
# (6.1 against 6.12 is settled, Documentation/pidle-replay-versions.rst)
FUZZ_GOV_REPRODUCE ?= menu:6.12:mainline teo:6.12:mainline

.PHONY: fuzz-gov check-fuzz-gov fuzz-gov-verdict
check-fuzz-gov: deps-check $(FUZZ_GOV)
	@FUZZ_RUNS="$(FUZZ_GOV_CHECK_RUNS)" FUZZ_GOV_FIND_RUNS="$(FUZZ_GOV_FIND_RUNS)" \
	FUZZ_GOV_PAIRS="$(FUZZ_GOV_PAIRS)" FUZZ_GOV_REPRODUCE="$(FUZZ_GOV_REPRODUCE)" \
	FUZZ_GOV_DIR=$(FUZZ_GOV_DIR) tests/fuzz/gov-run.sh check $(FUZZ_GOV)
	@tests/fuzz/patch-check.sh $(BUILD)

# part of make fuzz: each pair for FUZZ_SECONDS (or FUZZ_RUNS inputs)
fuzz-gov: deps-check $(FUZZ_GOV)
	@FUZZ_SECONDS="$(FUZZ_SECONDS)" FUZZ_RUNS="$(FUZZ_RUNS)" \
	FUZZ_GOV_PAIRS="$(FUZZ_GOV_PAIRS)" FUZZ_GOV_DIR=$(FUZZ_GOV_DIR) tests/fuzz/gov-run.sh fuzz $(FUZZ_GOV)

# tools/replay/pidle-patch-check's: FUZZ_GOV_CHECK_RUNS inputs per pair
# from -seed=1, as check-fuzz-gov, each pair's largest divergence shown by
# pidle-gov-diff (minimized with FUZZ_GOV_MINIMIZE=1); no broken teo
fuzz-gov-verdict: deps-check $(FUZZ_GOV)
	@FUZZ_RUNS="$(FUZZ_GOV_CHECK_RUNS)" FUZZ_GOV_PAIRS="$(FUZZ_GOV_PAIRS)" \
	FUZZ_GOV_MINIMIZE="$(FUZZ_GOV_MINIMIZE)" FUZZ_GOV_DIR=$(FUZZ_GOV_DIR) \
	BUILD=$(BUILD) tests/fuzz/gov-run.sh verdict $(FUZZ_GOV)
