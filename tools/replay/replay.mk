# SPDX-License-Identifier: GPL-2.0
# pidle-replay: the model core, and the kernel's cpuidle governors
# compiled unchanged from Debian's linux-source-6.12 (scripts/kernel-src
# unpacks them outside the clone) against tests/kshim, as the kernel's
# tools/testing/radix-tree builds kernel C. Included by the top Makefile.
KGOV_VERSION := 6.12
KGOV_NAMES := menu teo ladder
KGOV_OBJS := $(patsubst %,$(BUILD)/o/kgov/$(KGOV_VERSION)/%.o,$(KGOV_NAMES))
# The kernel's code with the kernel's warnings: it builds with
# -Wno-maybe-uninitialized (teo_update()'s target_residency_ns) and
# without -Wsign-compare.
KGOV_CFLAGS := $(CFLAGS) -Wno-maybe-uninitialized -Wno-sign-compare \
	       -Wno-unused-function -Itests/kshim

REPLAY_SRCS := tools/replay/pidle-replay.c tools/replay/pidle_rp_parse.c \
	       tools/replay/pidle_rp_trace.c tools/replay/pidle_rp_tracedat.c \
	       tools/replay/pidle_rp_run.c tools/replay/pidle_rp_exp.c \
	       tools/replay/pidle_rp_agree.c \
	       topology/presets.c tools/pidle_common.c tools/pidle_opts.c
PIDLE_USERS += tools/replay/%
TOOLS += $(BUILD)/pidle-replay

# trace.dat through libtracecmd and libtraceevent (TRACECMD_CFLAGS and
# _LIBS: the top Makefile).
$(BUILD)/o/tools/replay/pidle_rp_tracedat.o \
$(BUILD)/san/tools/replay/pidle_rp_tracedat.o: CFLAGS += $(TRACECMD_CFLAGS)
$(BUILD)/pidle-replay $(BUILD)/san/pidle-replay: LDLIBS += $(TRACECMD_LIBS)

# The kernel's files: from the unpacked tree, whose path kernel-src prints.
$(BUILD)/o/kgov/$(KGOV_VERSION)/%.o:
	@mkdir -p $(@D)
	src=$$(scripts/kernel-src $(KGOV_VERSION) drivers/cpuidle) && \
	$(CC) $(KGOV_CFLAGS) -MMD -MP -I$$src/drivers/cpuidle/governors \
		-c $$src/drivers/cpuidle/governors/$*.c -o $@
# Their side of the cpuidle core, against the same shims.
$(BUILD)/o/tools/replay/pidle_kgov.o: tools/replay/pidle_kgov.c
	@mkdir -p $(@D)
	$(CC) $(KGOV_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/pidle-replay: $(call objs,o,$(REPLAY_SRCS)) \
		       $(BUILD)/o/tools/replay/pidle_kgov.o $(KGOV_OBJS) \
		       $(BUILD)/libpidle.a
	$(LINK) -lm

# The sanitizer build (make tools-san; tools/tools.mk): every object,
# the kernel's governors too, with ASan and UBSan; make check-tools-san
# runs tests/replay/run.sh on it.
KGOV_SAN_OBJS := $(patsubst %,$(BUILD)/san/kgov/$(KGOV_VERSION)/%.o,$(KGOV_NAMES))
TOOLS_SAN += $(BUILD)/san/pidle-replay
$(BUILD)/san/kgov/$(KGOV_VERSION)/%.o:
	@mkdir -p $(@D)
	src=$$(scripts/kernel-src $(KGOV_VERSION) drivers/cpuidle) && \
	$(CC) $(KGOV_CFLAGS) $(SAN_FLAGS) -MMD -MP -I$$src/drivers/cpuidle/governors \
		-c $$src/drivers/cpuidle/governors/$*.c -o $@
$(BUILD)/san/tools/replay/pidle_kgov.o: tools/replay/pidle_kgov.c
	@mkdir -p $(@D)
	$(CC) $(KGOV_CFLAGS) $(SAN_FLAGS) -MMD -MP -c $< -o $@
$(BUILD)/san/pidle-replay: LDFLAGS += $(SAN_FLAGS)
$(BUILD)/san/pidle-replay: $(call objs,san,$(REPLAY_SRCS)) \
			   $(BUILD)/san/tools/replay/pidle_kgov.o $(KGOV_SAN_OBJS) \
			   $(BUILD)/libpidle-san.a
	$(LINK) -lm

# Versions of a governor side by side: tools/replay/pidle-gov-diff.
include tools/replay/versions.mk

# The replay's tests (host only, seconds): tests/replay/run.sh.
.PHONY: check-replay
check-replay: deps-check $(BUILD)/pidle-replay
	@{ tests/replay/run.sh $(BUILD); tests/replay/versions/run.sh $(BUILD); } | \
		scripts/sum-results 2

# idlestat, the peer, on the same trace and table as pidle-replay, in one
# guest whose cpuidle sysfs shows the table (tests/replay/idlestat.sh,
# about 30 s): run it under the machine's guest lock,
#   flock /tmp/pidle-guest.lock make check-replay-idlestat
.PHONY: check-replay-idlestat
check-replay-idlestat: deps-check $(BUILD)/pidle-replay
	@tests/replay/idlestat.sh $(BUILD)
