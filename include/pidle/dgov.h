/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pseudo-cpuidle: domain governors, the OS-initiated (OSI) mode's choice of
 * a domain's idle state at last-man time (Documentation/cluster-governors.rst).
 *
 * Plain C, part of the model core: the built-in governors are compiled into
 * the module and, unchanged, into the userspace tests (the equivalence test
 * against the kernel's own genpd code, tests/kernelsrc/) and pidle-replay.
 *
 * The contract:
 *
 * - ->select() is called by the last man of a domain only: the CPU whose
 *   vote made every CPU of the domain (OSI level 1) or every child domain
 *   (level >= 2: every child down in its deepest state) idle. It runs with
 *   interrupts off, on the idle path, with the domain's protocol holding
 *   off its other CPUs' exits: it must be short, never sleep, take no lock
 *   and allocate nothing. Calls for one domain never overlap; calls for
 *   different domains run concurrently.
 * - Its inputs (struct pidle_dgov_input) are aggregated by the model at
 *   vote time; a governor never walks the domain's CPUs.
 * - ->reflect() is called by the first man of a down period (the CPU whose
 *   wake-up ends it), once per down period the governor chose, with the
 *   period's length; also ordered with the same domain's ->select() by the
 *   domain's protocol, so a governor's per-domain history needs no lock.
 * - ->attach()/->detach() run in process context (a configuration being
 *   built or freed), never concurrently with the idle path of the model
 *   they belong to; ->attach() may allocate (GFP_KERNEL) and fail.
 */
#ifndef _PIDLE_DGOV_H
#define _PIDLE_DGOV_H

#include <linux/types.h>
#include "limits.h"

struct module;
struct cpumask;

/* A governor's name, as domain_gov= and sysfs spell it. */
#define PIDLE_DGOV_NAME_LEN	PIDLE_NAME_LEN

/**
 * struct pidle_dgov_state - one domain idle state, as genpd_power_state
 * @power_off_latency_ns: entry latency (the devicetree's entry-latency-us)
 * @power_on_latency_ns:  exit latency (exit-latency-us)
 * @residency_ns:	  minimum residency (min-residency-us)
 */
struct pidle_dgov_state {
	u64 power_off_latency_ns;
	u64 power_on_latency_ns;
	u64 residency_ns;
};

/**
 * struct pidle_dgov_domain - a domain as its governor sees it
 * @level:	its topology level, 1 = innermost
 * @id:		its index at that level
 * @nr_cpus:	CPUs in it (with its subdomains')
 * @nr_states:	its states, shallowest first (at most PIDLE_MAX_DOMAIN_STATES)
 * @states:	the states
 * @priv:	the governor's own, set by ->attach()
 */
struct pidle_dgov_domain {
	unsigned int level;
	unsigned int id;
	unsigned int nr_cpus;
	unsigned int nr_states;
	const struct pidle_dgov_state *states;
	void *priv;
};

/**
 * struct pidle_dgov_input - what the last man knows
 * @now_ns:		the time of the decision (the model's clock)
 * @next_timer_ns:	the earliest next timer event among the domain's
 *			online CPUs, absolute; U64_MAX when none (genpd:
 *			each cpuidle device's next_hrtimer)
 * @cpu_qos_ns:		the smallest per-CPU resume latency constraint among
 *			the domain's CPUs (genpd 6.12:
 *			dev_pm_qos_raw_resume_latency()), ns; S64_MAX none
 * @global_qos_ns:	the global CPU latency QoS (cpu_latency_qos_limit()),
 *			ns; S64_MAX none
 * @ipi_known:		whether @ipi_pending means anything here: the model's
 *			pending-IPI hook (pidle_dgov_ipi_peek_t) answered;
 *			always false for a governor without PIDLE_DGOV_IPI,
 *			whose last man does not ask it.
 *			The kernel gives a module no way to see a remote
 *			pending IPI but on the eval kernel with
 *			kernels/cpus-peek-ipi.patch; see the OSI page
 * @ipi_pending:	a CPU of the domain (its subdomains' included) has an
 *			IPI on its way (mainline: cpus_peek_for_pending_ipi()
 *			of genpd->cpus); false when not @ipi_known
 * @deepest:		the deepest state index the domain may take
 * @sub_power_on_ns:	a parent domain only (a domain whose members are
 *			child domains): the power-on latency of the states the
 *			subdomains below are in, summed down to the lowest
 *			level with states. A child votes in its parent only
 *			down in its deepest state, so this is the sum of
 *			each lower level's deepest state's power-on latency;
 *			0 for a domain of CPUs. genpd's parent sees its CPUs'
 *			QoS only as each subdomain's max_off_time_ns, the
 *			constraint less this (__default_power_down_ok()).
 * @qos_changed:	a resume-latency QoS constraint of a CPU of the domain
 *			(its subdomains' included) changed since the
 *			domain's last ->select(), or this is its first
 *			(genpd's dev PM QoS notifier sets max_off_time_changed
 *			up the hierarchy; genpd_alloc_data() starts it true).
 *			The global CPU latency QoS is not counted: the kernel
 *			reads it afresh in every cpu_power_down_ok() and
 *			caches nothing from it. The genpd ports recompute
 *			their cached QoS verdict then (and when @cpu_qos_ns
 *			or @sub_power_on_ns differ from the last call's)
 */
struct pidle_dgov_input {
	u64 now_ns;
	u64 next_timer_ns;
	s64 cpu_qos_ns;
	s64 global_qos_ns;
	bool ipi_known;
	bool ipi_pending;
	unsigned int deepest;
	u64 sub_power_on_ns;
	bool qos_changed;
};

/**
 * typedef pidle_dgov_ipi_peek_t - whether a domain's CPUs have IPIs pending
 * @data:	as given with it (struct pidle_model_opts.ipi_data)
 * @cpus:	the domain's CPUs, its subdomains' included
 * @nr_cpus:	how many
 * @pending:	where to say whether any of @cpus has an IPI queued, when
 *		known
 *
 * The model's optional hook (struct pidle_model_opts.ipi_peek) for the
 * input genpd's mainline veto needs. A domain's last man calls it in OSI
 * mode, once per decision of a governor that reads it (PIDLE_DGOV_IPI),
 * just before its ->select(), on the
 * idle path with interrupts off: it must not sleep nor take a lock. No
 * other CPU's path calls it. The driver's is pidle_dgov_ipi_peek().
 *
 * Return: true when @pending says something (->select() sees
 * @ipi_known true), false when the hook cannot tell.
 */
typedef bool (*pidle_dgov_ipi_peek_t)(void *data, const unsigned int *cpus,
				      unsigned int nr_cpus, bool *pending);

/**
 * struct pidle_dgov_ops - a domain governor
 * @name:	unique; [a-z0-9._-], at most PIDLE_DGOV_NAME_LEN - 1 characters
 * @owner:	THIS_MODULE, required by pidle_dgov_register(): the
 *		registry holds a reference on it while the governor is
 *		selected, and shows the governor only while the module is
 *		live (its init done). NULL for the built-ins, which are
 *		never registered
 * @attach:	optional: set up @d->priv for one domain; 0 or -errno
 * @detach:	optional: undo ->attach()
 * @select:	the state index (0 .. in->deepest) to power the domain down
 *		in, or -1 to keep it on (counted as *rejected*)
 * @reflect:	optional: the down period in @state that ->select() chose
 *		has ended after @residency_ns (power-off included)
 * @flags:	PIDLE_DGOV_* below
 */
struct pidle_dgov_ops {
	const char *name;
	struct module *owner;
	unsigned int flags;
	int (*attach)(struct pidle_dgov_domain *d);
	void (*detach)(struct pidle_dgov_domain *d);
	int (*select)(struct pidle_dgov_domain *d,
		      const struct pidle_dgov_input *in);
	void (*reflect)(struct pidle_dgov_domain *d, int state,
			u64 residency_ns);
};

/*
 * The governor reads @ipi_known and @ipi_pending: only then does its
 * domain's last man ask the model's pending-IPI hook (a read of every
 * CPU's interrupt state of the domain, interrupts off) before
 * ->select(). Without it the input says unknown, not pending.
 */
#define PIDLE_DGOV_IPI		(1U << 0)

/*
 * The built-in governors (drivers/model/pidle_dgov_*.c), plain model-core
 * C: the same objects in the module and in userspace.
 */
extern const struct pidle_dgov_ops pidle_dgov_genpd_6_1;
extern const struct pidle_dgov_ops pidle_dgov_genpd_6_12;
extern const struct pidle_dgov_ops pidle_dgov_genpd;
extern const struct pidle_dgov_ops pidle_dgov_deepest;
extern const struct pidle_dgov_ops pidle_dgov_predict;

/* The built-ins, in the order sysfs lists them; NULL-terminated. */
extern const struct pidle_dgov_ops *const pidle_dgov_builtins[];

/* The built-in called @name, or NULL. */
const struct pidle_dgov_ops *pidle_dgov_builtin(const char *name);

/* 0 when @name is a valid governor name, else -EINVAL. */
int pidle_dgov_name_check(const char *name);

/* 0 when @ops is complete (a valid name, ->select()), else -EINVAL. */
int pidle_dgov_ops_check(const struct pidle_dgov_ops *ops);

/**
 * enum pidle_dgov_verdict - a down period judged as genpd judges it
 * @PIDLE_DGOV_FIT:	neither too deep nor too shallow
 * @PIDLE_DGOV_ABOVE:	woken before power-off latency plus residency
 * @PIDLE_DGOV_BELOW:	long enough for the next deeper state
 */
enum pidle_dgov_verdict {
	PIDLE_DGOV_FIT,
	PIDLE_DGOV_ABOVE,
	PIDLE_DGOV_BELOW,
};

enum pidle_dgov_verdict pidle_dgov_verdict(const struct pidle_dgov_domain *d,
					   unsigned int state,
					   u64 residency_ns);

/*
 * The deepest state from @from down whose residency plus power-off fits
 * in @idle_ns and whose power-off plus power-on fits in @qos_ns, or -1:
 * cpu_power_down_ok()'s step, shared by the genpd ports and predict.
 */
int pidle_dgov_fit(const struct pidle_dgov_domain *d, int from, s64 idle_ns,
		   s64 qos_ns);

/*
 * The module's registry (drivers/pidle_dgov.c), for governors in other
 * modules; not in the userspace build. pidle_dgov_register() returns 0,
 * -EINVAL (bad ops, or no @owner) or -EEXIST (the name is taken, built-ins
 * included). pidle_dgov_get() finds a governor by name and pins it (and
 * its module) until pidle_dgov_put(); NULL when there is none or its
 * module is not live (still in its init, or going).
 * pidle_dgov_unregister() of a governor that is pinned fails with -EBUSY.
 */
int pidle_dgov_register(const struct pidle_dgov_ops *ops);
int pidle_dgov_unregister(const struct pidle_dgov_ops *ops);
const struct pidle_dgov_ops *pidle_dgov_get(const char *name);
void pidle_dgov_put(const struct pidle_dgov_ops *ops);
/*
 * Every governor's name domain_gov= takes now, space separated: the
 * built-ins, then the registered ones whose module is live (sysfs
 * available_domain_governors); scnprintf()'s length.
 */
int pidle_dgov_names(char *buf, size_t size);

/*
 * The module's view of other CPUs' pending IPIs (drivers/pidle_dgov.c):
 * pidle_dgov_init() at module load watches modules going (the registry
 * drops what they left registered) and looks up cpus_peek_for_pending_ipi()
 * (exported by the eval kernel's patch only); pidle_dgov_ipi_known() says
 * whether it was found, pidle_dgov_ipi_pending() asks it (false when not).
 * pidle_dgov_ipi_peek() is the model's pending-IPI hook built on them
 * (pidle_dgov_ipi_peek_t; @data unused): false, unknown, where the kernel
 * has no cpus_peek_for_pending_ipi(). Both may be called on the idle path.
 */
void pidle_dgov_init(void);
void pidle_dgov_exit(void);
bool pidle_dgov_ipi_known(void);
bool pidle_dgov_ipi_pending(const struct cpumask *mask);
bool pidle_dgov_ipi_peek(void *data, const unsigned int *cpus,
			 unsigned int nr_cpus, bool *pending);

#endif /* _PIDLE_DGOV_H */
