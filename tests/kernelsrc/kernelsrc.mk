# SPDX-License-Identifier: GPL-2.0
# The kernel's own genpd CPU governor, compiled unchanged in userspace
# against tests/kshim/, against our ports (Documentation/design.rst, "Kernel code in userspace";
# tests/kernelsrc/README). Included by the top Makefile.
#
# Each kernel's governor.c comes from scripts/kernel-src (Debian's
# linux-source-VERSION, unpacked once outside the clone) or, for mainline,
# tests/kernelsrc/mainline-src (pinned commit, fetched once); it is
# compiled as the kernel compiles it (signed overflow wraps) into its own
# test program, so that the three never share a symbol.

KSRC_INPUTS ?= 1000000
KSRC_CFLAGS := -std=gnu11 -O2 -g -Wall -Wno-unused-parameter \
	       -fno-strict-overflow -DCONFIG_CPU_IDLE -Itests/kshim
KSRC_DIR := $(BUILD)/kernelsrc
KSRC_SHIMS := $(wildcard tests/kshim/linux/*.h)

# The kernel's file, by version: how to find it.
ksrc_file_6.1 = $$(scripts/kernel-src 6.1 drivers/base/power/domain_governor.c)/drivers/base/power/domain_governor.c
ksrc_file_6.12 = $$(scripts/kernel-src 6.12 drivers/pmdomain/governor.c)/drivers/pmdomain/governor.c
ksrc_file_mainline = $$(tests/kernelsrc/mainline-src)

$(KSRC_DIR)/gov-%.o: $(KSRC_SHIMS) scripts/kernel-src tests/kernelsrc/mainline-src
	@mkdir -p $(@D)
	f=$(ksrc_file_$*) && $(CC) $(KSRC_CFLAGS) -c "$$f" -o $@

# equiv-VERSION: the driver, for that version's port.
ksrc_port_6.1 := pidle_dgov_genpd_6_1
ksrc_port_6.12 := pidle_dgov_genpd_6_12
ksrc_port_mainline := pidle_dgov_genpd
ksrc_name_6.1 := linux-source-6.1
ksrc_name_6.12 := linux-source-6.12
ksrc_name_mainline := mainline 0346625cd7f1
$(KSRC_DIR)/equiv-%.o: tests/kernelsrc/equiv.c $(KSRC_SHIMS) include/pidle/dgov.h
	@mkdir -p $(@D)
	$(CC) $(KSRC_CFLAGS) -Wextra -Werror -Iinclude -MMD -MP \
		-DKSRC_NAME='"$(ksrc_name_$*)"' -DKSRC_PORT=$(ksrc_port_$*) -c $< -o $@
KSRC_VERSIONS := 6.1 6.12 mainline
$(patsubst %,$(KSRC_DIR)/equiv-%,$(KSRC_VERSIONS)): $(KSRC_DIR)/equiv-%: \
		$(KSRC_DIR)/equiv-%.o $(KSRC_DIR)/gov-%.o $(BUILD)/libpidle.a
	$(CC) -o $@ $^

# Mainline where its file cannot be fetched: 6.12's function with the
# pending-IPI veto composed by the driver (the one difference; see README).
$(KSRC_DIR)/equiv-composed.o: tests/kernelsrc/equiv.c $(KSRC_SHIMS) include/pidle/dgov.h
	@mkdir -p $(@D)
	$(CC) $(KSRC_CFLAGS) -Wextra -Werror -Iinclude -MMD -MP -DKSRC_COMPOSE_IPI_VETO \
		-DKSRC_NAME='"linux-source-6.12 + the pending-IPI veto"' \
		-DKSRC_PORT=pidle_dgov_genpd -c $< -o $@
$(KSRC_DIR)/equiv-composed: $(KSRC_DIR)/equiv-composed.o $(KSRC_DIR)/gov-6.12.o $(BUILD)/libpidle.a
	$(CC) -o $@ $^

# The compiler writes these; nothing makes them (no built-in rule either).
$(KSRC_DIR)/%.d: ;
-include $(wildcard $(KSRC_DIR)/*.d)

.PHONY: check-kernelsrc
check-kernelsrc: $(KSRC_DIR)/equiv-6.1 $(KSRC_DIR)/equiv-6.12 $(KSRC_DIR)/equiv-composed
	@{ $(KSRC_DIR)/equiv-6.1 $(KSRC_INPUTS); \
	   $(KSRC_DIR)/equiv-6.12 $(KSRC_INPUTS); \
	   if tests/kernelsrc/mainline-src >/dev/null && \
	      $(MAKE) --no-print-directory -s $(KSRC_DIR)/equiv-mainline >/dev/null; then \
		$(KSRC_DIR)/equiv-mainline $(KSRC_INPUTS); \
	   else \
		echo "mainline: the pinned file cannot be had; the port is checked against the composed reference only"; \
		$(KSRC_DIR)/equiv-composed $(KSRC_INPUTS); \
	   fi; \
	 } 2>&1 | scripts/sum-results 3
