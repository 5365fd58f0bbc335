# Unit tests of the model core: filled in by tests/unit/.
check-unit:
	@echo "check-unit: no tests yet"; exit 1
