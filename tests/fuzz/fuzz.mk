# SPDX-License-Identifier: GPL-2.0
# libFuzzer targets over the parsers and the model core (tests/fuzz/README).
# Included by the top Makefile.
#
#   make fuzz         each target for FUZZ_SECONDS (or FUZZ_RUNS inputs), on
#                     build/fuzz/corpus/ (kept between runs, seeded from
#                     tests/fuzz/corpus/)
#   make check-fuzz   the seeds once each, then FUZZ_CHECK_RUNS inputs per
#                     target from -seed=1: the same inputs every time

FUZZ_TARGETS := fuzz_parse fuzz_model
FUZZ_BINS := $(patsubst %,$(BUILD)/fuzz/%,$(FUZZ_TARGETS))
FUZZ_SECONDS ?= 60
FUZZ_RUNS ?=
FUZZ_CHECK_RUNS ?= 100000

FUZZ_CFLAGS := $(CFLAGS_COMMON) -O1 -fno-omit-frame-pointer \
	       -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_HDRS := $(wildcard include/pidle/*.h tests/shim/*/*.h drivers/model/*.h)

# Coverage instrumentation on the model core only: libFuzzer's cov and ft
# count edges of drivers/model/, not of the harness.
FUZZ_MODEL_OBJS := $(patsubst drivers/model/%.c,$(BUILD)/fuzz/model-%.o,$(wildcard drivers/model/*.c))

$(BUILD)/fuzz:
	mkdir -p $@

$(BUILD)/fuzz/model-%.o: drivers/model/%.c $(FUZZ_HDRS) | $(BUILD)/fuzz
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(BUILD)/fuzz/%.o: tests/fuzz/%.c tests/fuzz/fuzz.h tests/fuzz/ref_model.h $(FUZZ_HDRS) | $(BUILD)/fuzz
	clang $(FUZZ_CFLAGS) -c $< -o $@

$(BUILD)/fuzz/shim.o: tests/shim/shim.c $(FUZZ_HDRS) | $(BUILD)/fuzz
	clang $(FUZZ_CFLAGS) -c $< -o $@

$(BUILD)/fuzz/fuzz_parse: $(BUILD)/fuzz/fuzz_parse.o $(FUZZ_MODEL_OBJS) $(BUILD)/fuzz/shim.o
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer $^ -o $@

$(BUILD)/fuzz/fuzz_model: $(BUILD)/fuzz/fuzz_model.o $(BUILD)/fuzz/ref_model.o $(FUZZ_MODEL_OBJS) $(BUILD)/fuzz/shim.o
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer $^ -o $@

.PHONY: fuzz check-fuzz
fuzz: $(FUZZ_BINS)
	@FUZZ_SECONDS="$(FUZZ_SECONDS)" FUZZ_RUNS="$(FUZZ_RUNS)" tests/fuzz/run.sh fuzz $(FUZZ_BINS)

check-fuzz: $(FUZZ_BINS)
	@FUZZ_RUNS="$(FUZZ_CHECK_RUNS)" tests/fuzz/run.sh check $(FUZZ_BINS)
