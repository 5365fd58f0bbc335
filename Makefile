# SPDX-License-Identifier: GPL-2.0
#
# pseudo-cpuidle: one entry point. `make help` lists the targets.

# Kernel headers: the running kernel's build tree when it exists, otherwise
# the newest installed Debian linux-headers-*-amd64. Override: make KDIR=...
KDIR ?= $(shell scripts/find-kdir)

BUILD := build

# `make` alone builds the module and the tools: the first rule below is a
# library's, which would otherwise be the default goal.
.DEFAULT_GOAL := all

# The flags, once. Every C file of the tree is compiled by one of the
# pattern rules below, into build/<variant>/<its path>.o with a .d file of
# its headers: o (host, also linked -static for the guests), san
# (AddressSanitizer + UBSan: the unit tests), tsan (ThreadSanitizer: the
# stress test) and fuzz (libFuzzer; tests/fuzz/fuzz.mk).
WARNINGS := -Wall -Wextra -Werror -Wno-unused-parameter \
	    -Wno-missing-field-initializers -Wno-format-truncation
# _GNU_SOURCE for all userspace C, before any -include: defined empty, as
# a file's own "#define _GNU_SOURCE" does, so that the two agree.
CFLAGS := -std=gnu11 -O2 -g $(WARNINGS) -D_GNU_SOURCE=
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer \
	     -fno-sanitize-recover=all $(SAN_OPT)
TSAN_FLAGS := -O1 -fsanitize=thread
HWLOC_CFLAGS := $(shell pkg-config --cflags hwloc 2>/dev/null)
HWLOC_LIBS := $(shell pkg-config --libs hwloc 2>/dev/null || echo -lhwloc)
# pidle-replay's trace.dat reader: libtracecmd, libtraceevent (their
# -dev packages and libtracefs-dev: scripts/deps)
TRACECMD_CFLAGS := $(shell pkg-config --cflags libtracecmd 2>/dev/null || \
		     echo -I/usr/include/trace-cmd -I/usr/include/tracefs -I/usr/include/traceevent)
TRACECMD_LIBS := $(shell pkg-config --libs libtracecmd 2>/dev/null || \
		   echo -ltracecmd -ltracefs -ltraceevent)

# Include paths, by source. The model core, and what tests it, see
# tests/shim/'s <linux/*.h> first (the kernel's names on userspace C, as
# the kernel's tools/testing/radix-tree does). Userspace programs do not:
# the shim's <linux/errno.h> and <linux/limits.h> would hide glibc's.
# Those that include <pidle/...> (PIDLE_USERS) take only its
# <linux/types.h> (u32, u64, over the system's) by -include.
MODEL_DIRS := drivers/model/% tests/shim/% tests/unit/% tests/fuzz/% bench/model/%
PIDLE_USERS := topology/% tests/vm/guest/pidlecfg/% tests/vm/guest/energycheck.c
MODEL_INC := -Iinclude -Itests/shim
USER_INC := -Iinclude -Itools
PIDLE_USER_INC := $(USER_INC) -Itopology -include tests/shim/linux/types.h \
		  $(HWLOC_CFLAGS)
inc = $(if $(filter $(MODEL_DIRS),$1),$(MODEL_INC),$(if $(filter \
	$(PIDLE_USERS),$1),$(PIDLE_USER_INC),$(USER_INC)))
# clang knows no -Wno-format-truncation (gcc's -Wall only)
CLANG := clang -Wno-unknown-warning-option

$(BUILD)/o/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -MMD -MP $(call inc,$<) -c $< -o $@
$(BUILD)/san/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SAN_FLAGS) -MMD -MP $(call inc,$<) -c $< -o $@
$(BUILD)/tsan/%.o: %.c
	@mkdir -p $(@D)
	$(CLANG) $(CFLAGS) $(TSAN_FLAGS) -MMD -MP $(call inc,$<) -c $< -o $@

# objs VARIANT,SOURCES: their objects
objs = $(patsubst %.c,$(BUILD)/$1/%.o,$2)

# The model core, compiled unchanged for userspace (see MODEL_INC).
MODEL_SRCS := $(wildcard drivers/model/*.c) tests/shim/shim.c
$(BUILD)/libpidle.a: $(call objs,o,$(MODEL_SRCS))
	$(AR) rcs $@ $^
$(BUILD)/libpidle-san.a: $(call objs,san,$(MODEL_SRCS))
	$(AR) rcs $@ $^

# Objects made through a chain of pattern rules (the guest programs') are
# kept like every other: no "rm" after the build, and no rebuild next time.
.SECONDARY:

# Linking: a program from its objects and archives, plain or -static.
LINK = $(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(filter %.o %.a,$^) $(LDLIBS)

.PHONY: all module tools tools-san check-tools-san check check-unit check-vm check-tools check-replay check-docs doc-figures check-all check-readme check-32bit docs \
	demo bench fuzz check-fuzz check-fuzz-gov deps deps-check install clean help

all: module tools

help:
	@echo 'pseudo-cpuidle targets:'
	@echo '  make            build the module (against KDIR) and the tools'
	@echo '  make module     build pseudo_cpuidle.ko only'
	@echo '  make tools      build pidle-topo, pidle-stat, pidle-bench, pidle-replay (no headers, no root)'
	@echo '  make tools-san  the same with ASan+UBSan, in build/san/ (SAN_OPT=-O1 ...)'
	@echo '  make check      run every test: unit, stress, TSan, fuzz, tools, guests'
	@echo '  make check-unit cmocka unit tests, stress, TSan'
	@echo '  make check-kernelsrc the kernel'"'"'s own genpd CPU governor (6.1, 6.12, mainline)'
	@echo '                 compiled in userspace, against our ports: 1000000 decisions each'
	@echo '  make check-fuzz the fuzzers: every seed, then 100000 fixed inputs each'
	@echo '  make check-fuzz-gov two versions of a governor fuzzed against each other'
	@echo '                 (6.1 and 6.12 menu and teo); a broken teo found, minimized'
	@echo '                 and replayed by pidle-gov-diff (tests/fuzz/README)'
	@echo '  make check-tools golden tests of the three tools (tests/tools/golden.sh)'
	@echo '  make check-tools-san the same golden tests, and check-replay'"'"'s, on the sanitizer build'
	@echo '  make check-replay pidle-replay on the traces of tests/replay, and'
	@echo '                 pidle-gov-diff'"'"'s versions of a governor (host only)'
	@echo '  make check-replay-versions pidle-gov-diff'"'"'s tests alone'
	@echo '  make docs-versions-example rewrite Documentation/pidle-replay-versions.example'
	@echo '  make check-replay-idlestat idlestat beside pidle-replay, in one guest'
	@echo '  make check-vm   the QEMU guest suites on each kernel of VM_KERNELS'
	@echo '                  (default "6.1 6.12 eval@teo debug@teo 6.1-rt 6.12-rt";'
	@echo '                  names: harness/README)'
	@echo '  make check-vm-large the 64-vCPU guest (2x2x8x2), not in make check'
	@echo '  make check-docs kernel-doc over the model core, warnings fail; every file'
	@echo '                 and :doc: reference of the docs exists (scripts/check-refs)'
	@echo '  make check-all  every suite on every kernel: make check plus what its'
	@echo '                 budget leaves out (6.1 and 6.1-rt in full; tests/vm/README)'
	@echo '  make check-budget  every suite make check runs has a line in the budget'
	@echo '                 table (tests/vm/README, "Budget")'
	@echo '  make check-readme README'"'"'s command lines, run where this machine can,'
	@echo '                 from a clean copy of the tree'
	@echo '  make check-32bit the module is 64-bit only: Kbuild stops a 32-bit build'
	@echo '                 with its reason (KDIR32=<i386 tree>: a real build too)'
	@echo '  make docs       expand Documentation/ into build/docs/'
	@echo '  make demo       the seed scenario: an RTC interrupt near the deep'
	@echo '                  states residency, governors, x3/x5, PM QoS: latency and energy'
	@echo '                  (experiments/seed.exp; on the eval kernel when built, else 6.12)'
	@echo '  make experiment EXP=FILE [EXP_ARGS="-j 2"]  run an experiment file'
	@echo '  make linuxpm    the workloads linux-pm reports (fio on virtio, null_blk,'
	@echo '                  dm-delay; ring ping-pongs; periodic loads; hackbench; idle),'
	@echo '                  each figure beside the idle figures (experiments/linuxpm.exp)'
	@echo '  make replay-corpus  record tests/replay/corpus/ from the same cells, traced'
	@echo '  make check-experiments  the experiment runner, host tests'
	@echo '  make check-experiments-vm  a tiny real experiment in a guest'
	@echo '  make check-scaleout  the GNU parallel and Slurm recipes of the docs, on a'
	@echo '                  one-node Slurm and an sshd it starts (root; beside make check)'
	@echo '  make bench      benchmarks, reported as side-by-side ratios'
	@echo '  make fuzz       fuzz the parsers and the model, FUZZ_SECONDS=60 each'
	@echo '                  (or FUZZ_RUNS=N inputs), corpus kept in build/fuzz/;'
	@echo '                  then fuzz_gov'"'"'s pairs of governor versions (make fuzz-gov)'
	@echo '  make kernel-eval  build (or find cached) the eval guest kernel from'
	@echo '                 linux-source-6.12: every governor (ladder, menu, teo,'
	@echo '                 haltpoll); ~8 min cold on 2 cores (KERNEL_PATCH=FILE)'
	@echo '  make kernel-debug the same with lockdep, KASAN, kmemleak, fault injection'
	@echo '  make kernel-kcsan the same with KCSAN and lockdep (make check-kcsan)'
	@echo '  make check-kcsan the idle-path suites on the kcsan kernel, not in make'
	@echo '                 check (a third kernel from source: ~10 min cold)'
	@echo '  make kernel-lockdep61 a 6.1 kernel with lockdep, from linux-source-6.1'
	@echo '                 (installed then); make check-lockdep61 boots the same'
	@echo '                 suites on it, not in make check'
	@echo '  make check-kernels the kernel config check, cache and KERNEL/KDIR checks'
	@echo '  make check-harness harness/check'"'"'s verdicts (splats, KCSAN) on made-up logs'
	@echo '  make ab AB_A=kernel=eval AB_B=kernel=IMAGE[:KDIR]  one experiment'
	@echo '                 (AB_EXP=) on two kernels, governors or tables: each'
	@echo '                 figure side by side with its spread, noise flagged'
	@echo '  make check-ab   the A/B comparison on figures with a known answer'
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

# Each part's makefile names its programs (adding the tools to TOOLS).
TOOLS :=
include tests/unit/unit.mk
include tests/kernelsrc/kernelsrc.mk
include tests/fuzz/fuzz.mk
include topology/topology.mk
include tools/tools.mk
include tools/replay/replay.mk
include harness/harness.mk
include tests/vm/vm.mk
include experiments/experiments.mk
include kernels/kernels.mk
include ab/ab.mk
include bench/bench.mk
include tests/scaleout/scaleout.mk

tools: $(TOOLS)

tools-san: $(TOOLS_SAN)

# A fresh machine: what the tools need, in one line before anything
# compiles (tools/check-build-deps): hwloc.h and libfdt.h, and for
# pidle-replay the kernel source and a writable kernel cache.
TOOLS_DEPS = $(shell CC="$(CC)" HWLOC_CFLAGS="$(HWLOC_CFLAGS)" BUILD="$(BUILD)" tools/check-build-deps $1)
ifneq ($(filter all tools check-tools,$(or $(MAKECMDGOALS),all)),)
TOOLS_DEPS_MISSING := $(call TOOLS_DEPS,--replay)
else ifneq ($(filter tools-san check-tools-san,$(MAKECMDGOALS)),)
TOOLS_DEPS_MISSING := $(call TOOLS_DEPS)
endif
$(if $(TOOLS_DEPS_MISSING),$(error $(TOOLS_DEPS_MISSING)))

# ... and pidle-replay's tests (tests/replay/run.sh): one total of both.
check-tools-san: $(TOOLS_SAN)
	@{ tests/tools/golden.sh $(BUILD)/san tests/tools/stat tests/tools/bench tests/tools/topo tests/tools/cli; \
	   tests/replay/run.sh $(BUILD)/san; } | scripts/sum-results 2

# The golden tests of all three tools, one harness and one format.
check-tools: $(TOOLS) $(BUILD)/jsoncheck
	@tests/tools/golden.sh $(BUILD) tests/tools/stat tests/tools/bench tests/tools/topo tests/tools/cli

# The headers each object was built with (written by -MMD).
include $(shell find $(BUILD) -name "*.d" 2>/dev/null)

docs:
	scripts/docs

# kernel-doc, the references, and the figures pages show from shipped
# inputs (scripts/doc-figures: "make doc-figures" rewrites them), which
# the tools compute.
check-docs: $(TOOLS)
	scripts/docs check

doc-figures: $(TOOLS)
	scripts/doc-figures update

# README's own command lines, from a clean copy of the tree (scripts/check-readme).
check-readme:
	@MAKE="$(MAKE)" scripts/check-readme

check-32bit:
	scripts/check-32bit

check: deps-check
	@MAKE="$(MAKE)" scripts/check-all

# Every suite on every kernel, as make check ran them before its budget
# (tests/vm/README, "Budget": what make check leaves to this, and why).
check-all: deps-check
	@MAKE="$(MAKE)" scripts/check-all full

clean:
	rm -rf $(BUILD)
	-[ -d "$(KDIR)" ] && $(MAKE) -C "$(KDIR)" M=$(CURDIR) clean
