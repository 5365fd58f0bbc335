// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: the x86 side of the wait (see pidle_arch.h).
 *
 * A pending interrupt is one the local APIC has accepted into its
 * Interrupt Request Register (IRR) and cannot deliver while EFLAGS.IF is
 * clear: exactly what ends a real C-state entered with interrupts masked
 * (MWAIT with ECX[0] set, as intel_idle does for states without
 * CPUIDLE_FLAG_IRQ_ENABLE). MWAIT itself is of no use here: under QEMU's
 * TCG it is a no-op, and it faults for ECX != 0.
 *
 * apic_read() is not exported to modules on 6.12 (a static call), so the
 * IRR is read the way the APIC drivers do it, inline: in x2APIC mode
 * with RDMSR of MSRs 0x820..0x827 (__rdmsr(): neither the paravirt hook
 * nor the msr tracepoint of rdmsrl()), in xAPIC mode from the MMIO page at
 * the APIC_BASE fixmap, IRR words 0x10 apart. Neither is instrumented,
 * so both are safe where RCU is not watching.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/errno.h>
#include <linux/math64.h>
#include <linux/printk.h>
#include <asm/apic.h>
#include <asm/apicdef.h>
#include <asm/cpufeature.h>
#include <asm/irq_vectors.h>
#include <asm/msr.h>
#include <asm/tsc.h>
#include "pidle_arch.h"

/* IRR word i holds vectors 32i .. 32i+31; 0..31 are exceptions. */
#define PIDLE_IRR_FIRST_WORD	1
#define PIDLE_IRR_WORDS		(NR_VECTORS / 32)
#define PIDLE_TIMER_WORD	(LOCAL_TIMER_VECTOR / 32)
#define PIDLE_TIMER_BIT		(1u << (LOCAL_TIMER_VECTOR % 32))

int pidle_arch_check(void)
{
	if (!boot_cpu_has(X86_FEATURE_APIC)) {
		pr_err("no local APIC (booted with nolapic?): a masked wait cannot see interrupts\n");
		return -ENODEV;
	}
	if (!boot_cpu_has(X86_FEATURE_TSC) || !tsc_khz) {
		pr_err("no TSC: the polling state cannot time its limit\n");
		return -ENODEV;
	}
	return 0;
}

static __always_inline u32 pidle_irr_word(unsigned int i)
{
	if (x2apic_mode)
		return (u32)__rdmsr(APIC_BASE_MSR + (APIC_IRR >> 4) + i);
	return *(volatile u32 *)(APIC_BASE + APIC_IRR + i * 0x10);
}

noinstr enum pidle_arch_pending pidle_arch_irq_pending(void)
{
	bool timer = false, other = false;
	unsigned int i;

	for (i = PIDLE_IRR_FIRST_WORD; i < PIDLE_IRR_WORDS; i++) {
		u32 w = pidle_irr_word(i);

		if (i == PIDLE_TIMER_WORD) {
			timer = w & PIDLE_TIMER_BIT;
			w &= ~PIDLE_TIMER_BIT;
		}
		other |= w != 0;
	}
	if (other)
		return PIDLE_PENDING_OTHER;
	return timer ? PIDLE_PENDING_TIMER : PIDLE_PENDING_NONE;
}

noinstr enum pidle_arch_irq_kind pidle_arch_irq_kind(void)
{
	unsigned int i, vector;
	u32 w = 0;

	/* The highest vector has the highest priority: scan from the top. */
	for (i = PIDLE_IRR_WORDS - 1; i >= PIDLE_IRR_FIRST_WORD; i--) {
		w = pidle_irr_word(i);
		if (w)
			break;
	}
	if (!w)
		return PIDLE_IRQ_KIND_NONE;
	vector = i * 32 + 31 - __builtin_clz(w);
	switch (vector) {
	case LOCAL_TIMER_VECTOR:
		return PIDLE_IRQ_KIND_TIMER;
	case RESCHEDULE_VECTOR:
	case CALL_FUNCTION_VECTOR:
	case CALL_FUNCTION_SINGLE_VECTOR:
		return PIDLE_IRQ_KIND_IPI;
	default:
		return PIDLE_IRQ_KIND_DEVICE;
	}
}

noinstr u64 pidle_arch_cycles(void)
{
	return rdtsc();
}

u64 pidle_arch_ns_to_cycles(u64 ns)
{
	if (ns == U64_MAX)
		return U64_MAX;
	/* tsc_khz cycles a millisecond: ns * tsc_khz / 10^6, no overflow. */
	return mul_u64_u32_div(ns, tsc_khz, NSEC_PER_MSEC);
}
