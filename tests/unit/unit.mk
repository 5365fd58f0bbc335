# Unit tests of the model core (cmocka, ASan+UBSan).
UNIT_TESTS := states topology model energy
UNIT_BINS := $(patsubst %,$(BUILD)/test_%,$(UNIT_TESTS))

$(BUILD)/test_%: tests/unit/test_%.c $(BUILD)/libpidle-san.a
	$(CC) $(CFLAGS_COMMON) $(SAN_FLAGS) $< $(BUILD)/libpidle-san.a -lcmocka -o $@

# The threaded stress: plain, and with ThreadSanitizer over the model
# sources compiled directly (TSan must see every access).
STRESS_CFLAGS := $(CFLAGS_COMMON) -pthread
$(BUILD)/stress: tests/unit/stress.c $(BUILD)/libpidle.a
	$(CC) $(STRESS_CFLAGS) $< $(BUILD)/libpidle.a -o $@

$(BUILD)/stress-tsan: tests/unit/stress.c $(MODEL_SRCS) $(wildcard include/pidle/*.h tests/shim/*/*.h drivers/model/*.h)
	clang $(STRESS_CFLAGS) -O1 -fsanitize=thread $< $(MODEL_SRCS) -o $@

UNIT_BINS += $(BUILD)/stress $(BUILD)/stress-tsan

check-unit: $(UNIT_BINS)
	@pass=0; fail=0; for t in $(UNIT_BINS); do \
		case $$t in *stress-tsan) args=20000;; *stress) args=200000;; *) args=;; esac; \
		out=$$(TSAN_OPTIONS=halt_on_error=1 $$t $$args 2>&1); rc=$$?; echo "$$out" | grep -v '^# '; \
		p=$$(echo "$$out" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p; s/^\([0-9]*\) passed, [0-9]* failed$$/\1/p'); \
		f=$$(echo "$$out" | sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p; s/^[0-9]* passed, \([1-9][0-9]*\) failed$$/\1/p'); \
		pass=$$((pass + $${p:-0})); fail=$$((fail + $${f:-0})); \
		[ $$rc -eq 0 ] || [ -n "$$f" ] || fail=$$((fail + 1)); \
	done; echo "$$pass passed, $$fail failed"; [ $$fail -eq 0 ]
