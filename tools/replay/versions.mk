# SPDX-License-Identifier: GPL-2.0
# Versions of a governor (Documentation/pidle-replay-versions.rst): each a
# pidle-replay of its own, the same replay objects linked with the
# version's governor files, compiled unchanged against tests/kshim as the
# shipped ones are (KGOV_CFLAGS). scripts/gov-version puts the version's
# governor sources in $(BUILD)/versions/KEY/src (KEY: the sha256 of what
# is there) and runs
#   make $(BUILD)/versions/KEY/pidle-replay VERSION_KEY=KEY
# The program is linked aside and renamed: a replay running it meanwhile
# (another check-replay in the same tree) keeps the old one.
# Included by replay.mk.
ifdef VERSION_KEY
VERSION_DIR := $(BUILD)/versions/$(VERSION_KEY)
VERSION_GOV_OBJS := $(patsubst $(VERSION_DIR)/src/%.c,$(VERSION_DIR)/o/%.o,\
	$(wildcard $(VERSION_DIR)/src/*.c))

$(VERSION_DIR)/o/%.o: $(VERSION_DIR)/src/%.c
	@mkdir -p $(@D)
	$(CC) $(KGOV_CFLAGS) -MMD -MP -I$(VERSION_DIR)/src -c $< -o $@

$(VERSION_DIR)/pidle-replay: $(call objs,o,$(REPLAY_SRCS)) \
			     $(BUILD)/o/tools/replay/pidle_kgov.o \
			     $(VERSION_GOV_OBJS) $(BUILD)/libpidle.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@.$$$$ $(filter %.o %.a,$^) $(LDLIBS) \
		$(TRACECMD_LIBS) -lm && \
	mv -f $@.$$$$ $@

-include $(VERSION_GOV_OBJS:.o=.d)
endif

# The versions' tests (host only, under a minute; make check-replay runs
# them after tests/replay/run.sh), alone:
.PHONY: check-replay-versions
check-replay-versions: deps-check $(BUILD)/pidle-replay
	@tests/replay/versions/run.sh $(BUILD)

# The page's example from the build (Documentation/pidle-replay-versions.rst
# includes the file; tests/replay/versions/run.sh fails when the file is no
# longer what the command prints).
VERSIONS_EXAMPLE := Documentation/pidle-replay-versions.example
.PHONY: docs-versions-example
docs-versions-example: $(BUILD)/pidle-replay
	@tests/replay/versions/example.sh $(BUILD) > $(VERSIONS_EXAMPLE).new && \
	mv $(VERSIONS_EXAMPLE).new $(VERSIONS_EXAMPLE)
