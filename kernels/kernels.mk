# SPDX-License-Identifier: GPL-2.0
# Guest kernels built from Debian's linux-source-6.12, or the release a
# fragment's "# source:" line names (kernels/build; the
# cache lives outside the clone, see Documentation/kernels.rst). Included by
# the top Makefile. KERNEL_PATCH=FILE builds the kernel with a patch applied
# to the source (a governor change to evaluate).
KERNEL_PATCH ?=
KERNELS_PATCH_ARG = $(if $(KERNEL_PATCH),--patch "$(KERNEL_PATCH)")

.PHONY: kernel-eval kernel-debug kernel-kcsan kernel-lockdep61 check-kernels
kernel-eval kernel-debug kernel-kcsan: kernel-%: deps-check
	kernels/build $* $(KERNELS_PATCH_ARG)

# Built from Debian's 6.1 source (its fragment's "# source:" line), which
# make check does not need: installed here.
kernel-lockdep61: deps-check
	scripts/deps extra linux-source-6.1
	kernels/build lockdep61 $(KERNELS_PATCH_ARG)

# No kernel is built here: the configuration check, the cache key and skip,
# check-kernel's refusals, on small fakes.
check-kernels:
	@kernels/test/run
