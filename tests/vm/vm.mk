# SPDX-License-Identifier: GPL-2.0
# The guest test suites: make check-vm. VM_KERNELS names the kernels
# (harness/kernel NAME; harness/README), VM_SUITES some suites of
# tests/vm/suites/. KERNEL=<image> KDIR=<build tree> alone runs them on
# the user's own kernel (the harness name "user"); KDIR, when not given,
# is derived from KERNEL (the top Makefile's default KDIR is for make module).
ifneq ($(KERNEL),)
VM_KERNELS ?= user
endif
# The Debian kernels; the eval kernel built from source (kernels/, every
# governor) booted with teo, the governor the Debian kernels lack; the
# debug kernel (lockdep, KASAN, delayed kobject release, fault
# injection) under teo too; the PREEMPT_RT flavours. Each but the first
# two runs the suites whose "# kernels:" line names its class (eval,
# debug, rt). check-vm builds a kernel from source first when it is not
# in the cache.
VM_KERNELS ?= 6.1 6.12 eval@teo debug@teo 6.1-rt 6.12-rt
# Kernels the module (its test build, the test modules) is only built
# for, warning-free, no guest: any harness name (VM_BUILD_KERNELS=6.1-rt).
VM_BUILD_KERNELS ?=
VM_SUITES ?=
USER_KDIR = $(if $(filter command line environment,$(origin KDIR)),$(KDIR))

# VM_SMOKE=1: 6.1 and 6.1-rt run their smoke subsets (make check; run.sh's
# kernel_class). VM_BUILD_LAZY=1: a kernel built from source is built (or
# waited for) when its lane reaches it, not before the first guest. "|" in
# VM_KERNELS splits it into lanes run side by side (run.sh).
VM_SMOKE ?= 0
VM_BUILD_LAZY ?= 0
VM_ENV = KERNEL="$(KERNEL)" KDIR="$(USER_KDIR)" VM_KERNELS="$(VM_KERNELS)" \
	VM_BUILD_KERNELS="$(VM_BUILD_KERNELS)" VM_SUITES="$(VM_SUITES)" \
	VM_SMOKE="$(VM_SMOKE)" VM_BUILD_LAZY="$(VM_BUILD_LAZY)"
.PHONY: check-vm
check-vm: guest-tools $(call guest_progs,tests/vm/guest) \
	  $(if $(filter 1,$(VM_BUILD_LAZY)),,\
	  $(if $(filter debug debug@%,$(VM_KERNELS)),kernel-debug) \
	  $(if $(filter eval eval@%,$(VM_KERNELS)),kernel-eval) \
	  $(if $(filter kcsan kcsan@%,$(VM_KERNELS)),kernel-kcsan) \
	  $(if $(filter lockdep61 lockdep61@%,$(VM_KERNELS)),kernel-lockdep61))
	@$(VM_ENV) tests/vm/run.sh

# make check's guests: the kernels in two lanes side by side (run.sh),
# 6.1 and 6.1-rt as smoke subsets, the kernels from source built by the
# lane that needs them (make check started them in the background).
# tests/vm/README, "Budget", has each pair's time; check-budget holds
# the two together.
CHECK_VM_KERNELS := 6.12 eval@teo | 6.1 6.1-rt 6.12-rt debug@teo
.PHONY: check-guests check-budget
check-guests:
	@$(MAKE) --no-print-directory check-vm VM_KERNELS="$(CHECK_VM_KERNELS)" \
		VM_SMOKE=1 VM_BUILD_LAZY=1

# Every suite make check runs, host or guest, has a line in the budget
# table, and the table names no pair make check no longer runs.
check-budget:
	@mkdir -p $(BUILD)
	@VM_LIST=1 VM_SMOKE=1 VM_SUITES= tests/vm/run.sh "$(CHECK_VM_KERNELS)" > $(BUILD)/budget-pairs
	@tests/vm/budget.sh $(BUILD)/budget-pairs

# The suites whose "# kernels:" line names kcsan (the idle path, domains,
# polling, reconfiguration) on the kcsan kernel (kernels/kcsan.config:
# KCSAN and lockdep), under teo; a KCSAN report naming
# the module's code fails (harness/check). Not in make check: a third
# kernel built from source does not fit a fresh machine's hour.
.PHONY: check-kcsan
check-kcsan:
	@$(MAKE) --no-print-directory check-vm VM_KERNELS=kcsan@teo

# The same suites on 6.1 under lockdep (kernels/lockdep61.config, from
# Debian's linux-source-6.1): the hardirq and RCU bookkeeping 6.1 leaves
# to the driver around the wait (drivers/pidle_compat.h). Not in make
# check, as check-kcsan.
.PHONY: check-lockdep61
check-lockdep61:
	@$(MAKE) --no-print-directory check-vm VM_KERNELS=lockdep61

# The 64-vCPU guest (tests/vm/suites/large.sh), on its own: too slow under
# TCG on a small host for make check. VM_KERNELS as for check-vm.
.PHONY: check-vm-large
check-vm-large: guest-tools $(call guest_progs,tests/vm/guest)
	@KERNEL="$(KERNEL)" KDIR="$(USER_KDIR)" VM_KERNELS="$(VM_KERNELS)" \
		VM_SUITES=large tests/vm/run.sh
