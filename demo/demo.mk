# SPDX-License-Identifier: GPL-2.0
# make demo: the governors compared on a simulated 2-package x 2-core x
# 2-thread guest (demo/run.sh; Documentation/demo.rst reads its table).
# DEMO_KVER= picks the kernel (default: the newest 6.12), DEMO_SECONDS=
# the workload's length per governor (default 5), DEMO_PRESET= the
# pidle-topo state-table preset (default skx). Included by the top Makefile.
DEMO_KVER ?=
DEMO_SECONDS ?=
DEMO_PRESET ?=

# deps-check first, alone: the tools need hwloc's headers it installs.
demo: deps-check
	@$(MAKE) --no-print-directory guest-tools $(call guest_progs,demo/guest)
	@DEMO_KVER="$(DEMO_KVER)" DEMO_SECONDS="$(DEMO_SECONDS)" \
		DEMO_PRESET="$(DEMO_PRESET)" demo/run.sh
