# SPDX-License-Identifier: GPL-2.0
# The model core's unit tests (cmocka, ASan+UBSan) and the threaded stress,
# plain and under ThreadSanitizer (every model object built with it: TSan
# must see every access). Each prints its own "N passed, N failed";
# scripts/sum-results adds them up. Included by the top Makefile.
UNIT_TESTS := states topology model energy dgov osi
UNIT_BINS := $(patsubst %,$(BUILD)/test_%,$(UNIT_TESTS)) $(BUILD)/stress $(BUILD)/stress-tsan
# pidle-bench's trace parser: a tool's unit, with the same flags.
UNIT_BINS += $(BUILD)/test_bench_trace

$(BUILD)/test_%: $(BUILD)/san/tests/unit/test_%.o $(BUILD)/libpidle-san.a
	$(LINK) $(SAN_FLAGS) -lcmocka
$(BUILD)/test_bench_trace: $(call objs,san,tests/unit/test_bench_trace.c tools/pidle_bench_trace.c)
	$(LINK) $(SAN_FLAGS) -lcmocka
$(BUILD)/stress: $(BUILD)/o/tests/unit/stress.o $(BUILD)/libpidle.a
	$(LINK) -pthread
$(BUILD)/stress-tsan: $(call objs,tsan,tests/unit/stress.c $(MODEL_SRCS))
	$(CLANG) $(CFLAGS) $(TSAN_FLAGS) -o $@ $^ -pthread

# Cycles per thread of the two stress runs.
STRESS_CYCLES := 200000
STRESS_TSAN_CYCLES := 20000

.PHONY: check-unit
check-unit: $(UNIT_BINS)
	@{ for t in $(patsubst %,$(BUILD)/test_%,$(UNIT_TESTS) bench_trace); do $$t; done; \
	   $(BUILD)/stress $(STRESS_CYCLES); \
	   TSAN_OPTIONS=halt_on_error=1 $(BUILD)/stress-tsan $(STRESS_TSAN_CYCLES); \
	 } 2>&1 | scripts/sum-results $(words $(UNIT_BINS))
