# SPDX-License-Identifier: GPL-2.0
#
# pseudo-cpuidle: one entry point. `make help` lists the targets.

# Kernel headers: the running kernel's build tree when it exists, otherwise
# the newest installed Debian linux-headers-*-amd64. Override: make KDIR=...
KDIR ?= $(shell scripts/find-kdir)

CC ?= cc
BUILD := build
CFLAGS_COMMON := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Wno-unused-parameter \
		 -Wno-missing-field-initializers -Iinclude -Itests/shim
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer \
	     -fno-sanitize-recover=all

MODEL_SRCS := $(wildcard drivers/model/*.c) tests/shim/shim.c

.PHONY: all module tools check check-unit check-vm check-tools check-docs check-32bit docs \
	demo bench fuzz check-fuzz deps deps-check install clean help

all: module tools

help:
	@echo 'pseudo-cpuidle targets:'
	@echo '  make            build the module (against KDIR) and the tools'
	@echo '  make module     build pseudo_cpuidle.ko only'
	@echo '  make tools      build pidle-topo, pidle-stat, pidle-bench'
	@echo '  make check      run every test: unit, stress, TSan, fuzz, tools, guests'
	@echo '  make check-unit cmocka unit tests, stress, TSan'
	@echo '  make check-fuzz the fuzzers: every seed, then 100000 fixed inputs each'
	@echo '  make check-tools golden tests of the userspace tools'
	@echo '  make check-vm   the QEMU guest suites on each kernel of VM_KERNELS'
	@echo '                  (default "6.1 6.12"; names: harness/README)'
	@echo '  make check-docs kernel-doc over the model core, warnings fail'
	@echo '  make check-32bit the module built for i386 (u64 divisions; builds an'
	@echo '                 i386 tinyconfig tree once, about 10 min; KDIR32=<tree>)'
	@echo '  make docs       expand Documentation/ into build/docs/'
	@echo '  make demo       compare governors on a simulated 2x2x2 machine'
	@echo '                 (DEMO_KVER=, DEMO_SECONDS=, DEMO_PRESET=)'
	@echo '  make bench      benchmarks, reported as side-by-side ratios'
	@echo '  make fuzz       fuzz the parsers and the model, FUZZ_SECONDS=60 each'
	@echo '                  (or FUZZ_RUNS=N inputs), corpus kept in build/fuzz/'
	@echo '  make kernel-eval  build (or find cached) the eval guest kernel from'
	@echo '                 linux-source-6.12: every governor (ladder, menu, teo,'
	@echo '                 haltpoll); ~6 min cold on 2 cores (KERNEL_PATCH=FILE)'
	@echo '  make kernel-debug the same with lockdep, KASAN, kmemleak, fault injection'
	@echo '  make check-kernels the kernel config check, cache and KERNEL/KDIR checks'
	@echo '  make deps       install the Debian packages everything needs'
	@echo '  make install    install the module for KDIR (modules_install)'
	@echo '  make clean      remove build products'
	@echo 'Variables: KDIR=<headers tree>, V=1 for verbose kernel builds.'

deps:
	scripts/deps install

# Called by check/demo/bench: installs only when something is missing.
deps-check:
	@scripts/deps check || scripts/deps install

module:
	@scripts/check-kdir "$(KDIR)"
	$(MAKE) -C "$(KDIR)" M=$(CURDIR) modules

install: module
	$(MAKE) -C "$(KDIR)" M=$(CURDIR) modules_install

$(BUILD):
	mkdir -p $@

# The model core, compiled unchanged for userspace through tests/shim/.
$(BUILD)/libpidle.a: $(MODEL_SRCS) $(wildcard include/pidle/*.h tests/shim/*/*.h) | $(BUILD)
	rm -f $@ $(BUILD)/model-*.o
	for f in $(MODEL_SRCS); do \
		$(CC) $(CFLAGS_COMMON) -c $$f -o $(BUILD)/model-$$(basename $$f .c).o || exit 1; \
	done
	ar rcs $@ $(BUILD)/model-*.o

$(BUILD)/libpidle-san.a: $(MODEL_SRCS) $(wildcard include/pidle/*.h tests/shim/*/*.h) | $(BUILD)
	rm -f $@ $(BUILD)/msan-*.o
	for f in $(MODEL_SRCS); do \
		$(CC) $(CFLAGS_COMMON) $(SAN_FLAGS) -c $$f -o $(BUILD)/msan-$$(basename $$f .c).o || exit 1; \
	done
	ar rcs $@ $(BUILD)/msan-*.o

# Each part's makefile adds its binaries to TOOLS and its tests to
# TOOL_CHECKS (golden tests of the tools) or VM_CHECKS (guest suites).
TOOLS :=
TOOL_CHECKS :=
include tests/unit/unit.mk
include tests/fuzz/fuzz.mk
-include topology/topology.mk
-include tools/tools.mk
include harness/harness.mk
include tests/vm/vm.mk
-include demo/demo.mk
include kernels/kernels.mk
include bench/bench.mk

tools: $(TOOLS)

check-tools: $(TOOL_CHECKS)

docs:
	scripts/docs

check-docs:
	scripts/docs check

check-32bit:
	scripts/check-32bit

check: deps-check
	@MAKE="$(MAKE)" scripts/check-all

clean:
	rm -rf $(BUILD)
	-[ -d "$(KDIR)" ] && $(MAKE) -C "$(KDIR)" M=$(CURDIR) clean
