/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pseudo-cpuidle: what the wait needs from the architecture, and only
 * that: whether an interrupt is pending while interrupts are masked, and
 * a clock that may be read where RCU is not watching. One implementation
 * per architecture, in pidle_arch_<arch>.c; x86 is the only one.
 */
#ifndef _PIDLE_ARCH_H
#define _PIDLE_ARCH_H

#include <linux/types.h>

/* What the interrupt controller holds for this CPU. */
enum pidle_arch_pending {
	PIDLE_PENDING_NONE,
	PIDLE_PENDING_TIMER,	/* the CPU's own timer, and nothing else */
	PIDLE_PENDING_OTHER,	/* an IPI or a device, perhaps the timer too */
};

/*
 * 0, or -ENODEV with a log line when this CPU's interrupt controller
 * cannot be read (x86 booted with nolapic). Called at load.
 */
int pidle_arch_check(void);

/*
 * The interrupts that wait at this CPU's interrupt controller, accepted
 * but not yet delivered because interrupts are masked. noinstr: called
 * where RCU is not watching.
 */
enum pidle_arch_pending pidle_arch_irq_pending(void);

/*
 * The kind of the highest-priority interrupt pending at this CPU's
 * interrupt controller: the one whose handler runs first once interrupts
 * are unmasked. For the wake-source counters (pidle_wake.c). noinstr.
 */
enum pidle_arch_irq_kind {
	PIDLE_IRQ_KIND_NONE,
	PIDLE_IRQ_KIND_TIMER,	/* the CPU's own timer (x86: LOCAL_TIMER_VECTOR) */
	PIDLE_IRQ_KIND_IPI,	/* x86: RESCHEDULE, CALL_FUNCTION(_SINGLE)_VECTOR */
	PIDLE_IRQ_KIND_DEVICE,	/* any other vector */
};
enum pidle_arch_irq_kind pidle_arch_irq_kind(void);

/*
 * A free-running per-CPU cycle counter (x86: the TSC) for measuring a
 * short interval on one CPU where RCU is not watching, and the number of
 * its cycles in @ns (U64_MAX stays U64_MAX), computed beforehand.
 */
u64 pidle_arch_cycles(void);
u64 pidle_arch_ns_to_cycles(u64 ns);

#endif /* _PIDLE_ARCH_H */
