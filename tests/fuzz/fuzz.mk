# SPDX-License-Identifier: GPL-2.0
# libFuzzer targets over the parsers and the model core (tests/fuzz/README).
# Included by the top Makefile.
#
#   make fuzz         each target for FUZZ_SECONDS (or FUZZ_RUNS inputs), on
#                     build/fuzz/corpus/ (kept between runs, seeded from
#                     tests/fuzz/corpus/); fuzz_gov's pairs too (fuzz_gov.mk)
#   make check-fuzz   the seeds once each, then FUZZ_CHECK_RUNS inputs per
#                     target from -seed=1: the same inputs every time

FUZZ_TARGETS := fuzz_parse fuzz_model fuzz_dt fuzz_trace
FUZZ_BINS := $(patsubst %,$(BUILD)/fuzz/%,$(FUZZ_TARGETS))
FUZZ_SECONDS ?= 60
FUZZ_RUNS ?=
FUZZ_CHECK_RUNS ?= 100000

FUZZ_FLAGS := -O1 $(SAN_FLAGS)

# Coverage instrumentation on the model core (and the devicetree importer,
# fuzz_dt's subject, and pidle-replay's trace reader, fuzz_trace's) only:
# libFuzzer's cov and ft count edges of those, not of the harness.
FUZZ_TRACE_SRCS := tools/replay/pidle_rp_parse.c tools/replay/pidle_rp_trace.c
fuzz_cov = $(if $(filter drivers/model/% topology/pidle-dt.c topology/pidle-dt-shared.c $(FUZZ_TRACE_SRCS) \
	tools/replay/pidle_rp_run.c,$1),-fsanitize=fuzzer-no-link)
$(BUILD)/fuzz/%.o: %.c
	@mkdir -p $(@D)
	$(CLANG) $(CFLAGS) $(FUZZ_FLAGS) $(call fuzz_cov,$<) -MMD -MP $(call inc,$<) -c $< -o $@

FUZZ_MODEL_OBJS := $(call objs,fuzz,$(MODEL_SRCS))
$(BUILD)/fuzz/fuzz_parse: $(call objs,fuzz,tests/fuzz/fuzz_parse.c) $(FUZZ_MODEL_OBJS)
$(BUILD)/fuzz/fuzz_model: $(call objs,fuzz,tests/fuzz/fuzz_model.c tests/fuzz/ref_model.c) $(FUZZ_MODEL_OBJS)
# fuzz_gov: two governor versions against each other (its own file; its
# coverage is also the governors' and the replay's, pidle_rp_run.c).
include tests/fuzz/fuzz_gov.mk

# fuzz_dt: the importer of pidle-topo --dt, with libfdt (libfdt-dev), and
# the tools' helpers it quotes input with (pidle_excerpt()).
$(BUILD)/fuzz/fuzz_dt: $(call objs,fuzz,tests/fuzz/fuzz_dt.c topology/pidle-dt.c \
			topology/pidle-dt-shared.c tools/pidle_common.c) $(FUZZ_MODEL_OBJS)
$(BUILD)/fuzz/fuzz_dt: FUZZ_LIBS := -lfdt -lm
# fuzz_trace: pidle-replay's trace reader, both formats (the CPU lists of
# --busy/--offline from tools/pidle_common.c). Its trace.dat reader is
# linked, not fuzzed: a text input never reaches it (an input starting
# with trace.dat's magic is refused there, having no file to seek in).
$(BUILD)/fuzz/fuzz_trace: $(call objs,fuzz,tests/fuzz/fuzz_trace.c $(FUZZ_TRACE_SRCS) \
			  tools/replay/pidle_rp_tracedat.c tools/pidle_common.c)
$(BUILD)/fuzz/fuzz_trace: FUZZ_LIBS := -lm $(TRACECMD_LIBS)
$(BUILD)/fuzz/tools/replay/pidle_rp_tracedat.o: \
	CFLAGS += $(TRACECMD_CFLAGS) -Wno-include-next-absolute-path
# topology/ sources get the shim's <linux/types.h> by -include (PIDLE_USER_INC),
# whose #include_next clang warns about when given by path.
$(BUILD)/fuzz/topology/pidle-dt.o $(BUILD)/fuzz/topology/pidle-dt-shared.o \
$(call objs,fuzz,$(FUZZ_TRACE_SRCS)): \
	CFLAGS += -Wno-include-next-absolute-path
$(FUZZ_BINS):
	$(CLANG) $(CFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer $^ -o $@ $(FUZZ_LIBS)

.PHONY: fuzz check-fuzz
fuzz: $(FUZZ_BINS) $(FUZZ_GOV)
	@FUZZ_SECONDS="$(FUZZ_SECONDS)" FUZZ_RUNS="$(FUZZ_RUNS)" tests/fuzz/run.sh fuzz $(FUZZ_BINS)
	@$(MAKE) --no-print-directory fuzz-gov

check-fuzz: $(FUZZ_BINS)
	@FUZZ_RUNS="$(FUZZ_CHECK_RUNS)" tests/fuzz/run.sh check $(FUZZ_BINS)
