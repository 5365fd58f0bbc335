# Unit tests of the model core (cmocka, ASan+UBSan).
UNIT_TESTS := states model
UNIT_BINS := $(patsubst %,$(BUILD)/test_%,$(UNIT_TESTS))

$(BUILD)/test_%: tests/unit/test_%.c $(BUILD)/libpidle-san.a
	$(CC) $(CFLAGS_COMMON) $(SAN_FLAGS) $< $(BUILD)/libpidle-san.a -lcmocka -o $@

check-unit: $(UNIT_BINS)
	@pass=0; fail=0; for t in $(UNIT_BINS); do \
		out=$$($$t 2>&1); rc=$$?; echo "$$out"; \
		p=$$(echo "$$out" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p'); \
		f=$$(echo "$$out" | sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p'); \
		pass=$$((pass + $${p:-0})); fail=$$((fail + $${f:-0})); \
		[ $$rc -eq 0 ] || [ -n "$$f" ] || fail=$$((fail + 1)); \
	done; echo "$$pass passed, $$fail failed"; [ $$fail -eq 0 ]

fuzz:
	@echo "fuzz: not yet"; exit 1
