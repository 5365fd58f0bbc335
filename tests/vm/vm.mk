# SPDX-License-Identifier: GPL-2.0
# The guest test suites: make check-vm. VM_KERNELS names the kernels
# (harness/kernel NAME; harness/README), VM_SUITES some suites of
# tests/vm/suites/. KERNEL=<image> KDIR=<build tree> alone runs them on
# the user's own kernel (the harness name "user").
ifneq ($(KERNEL),)
VM_KERNELS ?= user
endif
# The Debian kernels. Also named (VM_KERNELS="6.1 6.12 6.1-rt 6.12-rt
# debug"): their PREEMPT_RT flavours and the debug kernel built from
# source (kernels/: lockdep, KASAN, delayed kobject release, fault
# injection), which check-vm then builds first when it is not in the cache.
VM_KERNELS ?= 6.1 6.12
VM_SUITES ?=

.PHONY: check-vm
check-vm: guest-tools $(call guest_progs,tests/vm/guest) \
	  $(if $(filter debug,$(VM_KERNELS)),kernel-debug)
	@KERNEL="$(KERNEL)" KDIR="$(KDIR)" VM_KERNELS="$(VM_KERNELS)" \
		VM_SUITES="$(VM_SUITES)" tests/vm/run.sh
