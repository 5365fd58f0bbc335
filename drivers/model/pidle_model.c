// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: the hierarchy model, shared by the kernel module and the
 * userspace tests. Plain C: time comes in as an argument, nothing sleeps.
 */
#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/lockdep.h>
#include <linux/processor.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/topology.h>
#include "pidle_model_priv.h"
#include "pidle_parse.h"

/**
 * DOC: Hierarchy model
 *
 * A *domain* is one core, cluster, die or package: a set of CPUs at one
 * topology *level*. Each level has zero to four *domain states*, taken from
 * the state table (a state's LEVEL field). A CPU idle in state *s* *votes*
 * in each of its domains whose level is not above level(*s*).
 *
 * **The domain word.** All that is shared between the CPUs of a domain
 * lives in one 64-bit atomic, ``pidle_domain.root.word``: for each of the
 * level's states *t_k* a 14-bit counter of the CPUs idle at least as deep
 * as *t_k*, two flags, DECIDED and WAKING, and a 6-bit count of exits
 * (modulo 64). A CPU entering state *s* adds, in one atomic operation,
 * one to every counter *k* with *t_k* <= *s*; on exit it subtracts the
 * same and adds one to the count of exits. A domain with every counter
 * below its CPU count is *up*. A complete domain (counter 0 full) without
 * DECIDED is *deciding*: its last man is at work.
 *
 * **Last man.** The CPU whose addition makes counter 0 equal to the CPU
 * count (of a large domain, its root group's member count: see "Vote
 * groups") has completed the domain: every CPU is idle at least as deep as the
 * level's shallowest state. The same atomic value tells it the deepest *k*
 * whose counter is full, i.e. the deepest state every CPU agrees to. The
 * domain is deciding from that addition on, with no flag to set. The last
 * man applies the domain policy (``auto``: take the deepest; ``timer``:
 * the deepest whose target residency fits before the earliest next timer
 * of the domain's CPUs, or none, counting a *rejection*), writes
 * ``down_state`` and ``down_since_ns``, and sets DECIDED with a release
 * operation.
 *
 * **Votes.** A vote is one ``atomic64_add_return()``: it cannot fail,
 * so many CPUs voting at once in a large domain never retry, and the
 * value it returns says whether it completed the domain.
 *
 * **Vote groups.** With the ``timer`` policy (and for an OSI domain
 * governor, at its level and every OSI level below it, whose domains are
 * its members) the last man needs its domain's inputs: the earliest next
 * timer event and the smallest per-CPU latency constraint of its CPUs.
 * Scanning the domain's CPUs for them costs time that grows with the
 * domain (thousands of cache misses at 8192 CPUs, with interrupts off);
 * scanning them before the vote, as this model once did, can also read a
 * sibling's timer that is stale by the time the vote lands. So such a
 * domain is split, when it is built, into *vote groups* of at most
 * PIDLE_VGROUP_FANOUT members (16): its CPUs in leaf groups, the leaves
 * in groups of groups, up to one root group, whose word is the domain
 * word (the kernel's own precedent is kernel/time/timer_migration.c,
 * whose group hierarchy carries each group's first expiry up through the
 * last CPU to go idle in it). Every group word has the domain word's
 * format and protocol, with its members in place of CPUs:
 *
 * - a CPU votes in its leaf only: one add, whatever the domain's size;
 * - the last man of a group (the add that fills its counter 0) finds the
 *   group *deciding*: every member has voted and none can leave, so the
 *   minimum of its at most 16 members' inputs, which it computes now and
 *   stores in the group, cannot be stale. It then votes for the group in
 *   the parent group, as one member idle in the deepest state all of the
 *   group agrees to (``vote_upto``), records that vote
 *   (``parent_vote``), and sets DECIDED on the group;
 * - the last man of the root is the domain's last man: it has the
 *   domain's inputs in the root and decides as before;
 * - the first man of a group (the subtraction from a full counter 0)
 *   sets WAKING on it and withdraws ``parent_vote`` from the parent, and
 *   so on up to a group it is not first man of, or the root, whose first
 *   man is the domain's first man; it clears WAKING on the way back.
 *
 * The minimum over the groups' minima is the minimum over the CPUs, so
 * the inputs are exactly the plain scan's, on every interleaving (a
 * property test compares them on up to 8192 CPUs, and the fuzzer with
 * its reference's scan). A CPU that is not a group's last man does
 * constant work; the domain's last man does at most 16 reads per group
 * on its way up, log16 of the domain's size groups (one up to 16 CPUs,
 * two up to 256, four at 8192). A domain whose last man needs no inputs
 * (``auto``) is one group whatever its size: nothing to gather.
 *
 * The domain is complete when its root is, and then every group in it
 * is: each group's vote is in its parent exactly while the group is
 * complete (its last man adds it before anyone may leave, its first man
 * withdraws it), so the root's counter 0 is full exactly when every CPU
 * has voted. Within each group the argument below for one last and one
 * first man holds as it is, so it holds for the root, that is, for the
 * domain.
 *
 * **First man.** The CPU whose subtraction starts from a full counter 0 is
 * the first to wake from a complete domain. It sets WAKING in that same
 * compare-and-exchange, and clears DECIDED, so exactly one CPU per
 * completion sees it. If the last man had put the domain down (``down_state`` is a state), this CPU
 * ends the down period: residency = now - down_since; it pays the state's
 * exit latency and publishes ``ready_ns`` = now + that latency,
 * ``up_state``, and for waiters ``up_deepest`` and ``up_wait_max_ns``;
 * then it clears WAKING with a release operation.
 *
 * Each CPU reads the clock before it reaches the model, so a first man's
 * time can be earlier than its last man's: it woke while the last man was
 * still on its way in. That is a down period that lasted no time: its
 * residency is 0, never a negative difference wrapped around.
 *
 * **Waiters.** Any other CPU of the domain leaving idle reads ``ready_ns``;
 * while now < ready_ns the domain is still powering up and the CPU waits
 * until ready_ns: it pays the remaining time, and it achieved the deepest
 * state powered down around it (``up_deepest``). A CPU that finds WAKING
 * set waits for it to clear before it subtracts, so it never reads a
 * ``ready_ns`` that is about to change. In OSI mode the first man's
 * ``ready_ns`` of a core includes the power-up of the cluster around it
 * (of every domain around it that it powered up or waited for), as
 * genpd powers a parent on before its child and PSCI returns a CPU only
 * once its whole chain is on; a sibling's withdrawal stops at the core,
 * so it is the core's ``ready_ns`` and ``up_deepest`` that must say so
 * (with the core's own latency and state alone, a sibling waking 10 us
 * after the first man of a 500 us cluster power-up paid 300 us and was
 * said to be in the core's state). The remaining time is at most the
 * longest latency of those power-ups (``up_wait_max_ns``): a waiter
 * whose clock read came before the first man's woke first and lost the
 * race to the flag (or was held up since: seen once in a 6.12-rt
 * guest), and on hardware they would have been up that long after it
 * woke.
 *
 * A CPU waits only when leaving the down period that the power-up ends,
 * never a second time for one power-up: the first man numbers each
 * power-up (``up_seq``, published with ``ready_ns``), and each CPU keeps
 * the number of the last one it left idle after (``left_seq``). A CPU
 * that spins its latency re-enters only once the domain is ready, so this
 * matters for the one exit that pays nothing: a CPU coming online during a
 * power-up leaves then, and when it goes idle again, shallow, and wakes
 * before the ready time, it must not be charged the domain's deep state.
 *
 * **What a CPU pays.** The deepest CPU-level state not deeper than its
 * request is its *fallback*. It achieves the deepest of: the fallback, the
 * state of each domain it is first man of, the state of each domain whose
 * power-up it waits for; and pays the largest of their latencies. A CPU
 * achieving less than it asked for is *demoted*.
 *
 * **Why there is exactly one last man and one first man per down period.**
 * Every change to a word is one atomic read-modify-write (an add, a
 * compare-and-exchange), or a store by the one CPU that owns the word
 * while it is deciding or WAKING (see "Memory ordering"), so the changes
 * form one total
 * order and each CPU's new value is computed from the value it replaced.
 * A full counter 0 is created by exactly one addition (the one that made
 * it full) and ended by exactly one subtraction (the first after it):
 * those are the last and the first man. Between them no CPU can vote,
 * since all already have, and no CPU can leave except the first man. A
 * CPU that finds the domain deciding waits before subtracting, so the
 * last man's writes are complete when the first man reads them. The first man reads ``down_state`` *after* its successful
 * compare-and-exchange, never before, because before it another complete
 * down period could have come and gone (an ABA on the word).
 *
 * **Memory ordering.** Value-returning atomics (the compare-and-exchanges
 * and ``atomic64_add_return()``) are fully ordered. While a group is
 * deciding, or its first man holds WAKING, no other CPU writes its word:
 * every member has voted, and a member waits to withdraw until the
 * group is neither deciding nor WAKING. So the last man sets DECIDED,
 * and the first man clears WAKING, with a store-release of the value it
 * knows the word holds (``atomic64_set_release()``: a plain store on
 * x86, where the locked operation it replaces cost a tenth of a pair).
 * The release orders the last man's plain writes (``down_state``,
 * ``down_since_ns``, a group's inputs and ``parent_vote``) and the first
 * man's (``ready_ns``, ``up_state``, ``up_deepest``, ``up_wait_max_ns``,
 * ``up_seq``) before the flag. The
 * next compare-and-exchange on the word reads that store, so the writes
 * are visible to its CPU; a member waiting to withdraw spins with
 * ``atomic64_read_acquire()``, which pairs with the same stores.
 * ``next_timer_ns`` and ``qos_ns`` are written by each CPU before its
 * vote, fully ordered; the last man's add comes after every other
 * member's in the word's modification order, so it sees them; a group's
 * inputs are stored before its vote in the parent, so the parent's last
 * man sees those. A CPU that stops at a group it is not first man of has
 * waited for that group's WAKING to clear, and the CPU that cleared it
 * cleared it after its own wait or its publication of ``ready_ns`` (as
 * the domain's first man), so by the chain of release and acquire the
 * ``ready_ns`` it then reads is the power-up's.
 *
 * **Why the spins are bounded.** A group is deciding, or holds WAKING,
 * for a few dozen instructions of one CPU (its last man's 16 reads and
 * vote upward, or its first man's way up the domain's groups), with
 * interrupts off in the kernel. A CPU holding a group's flag only ever
 * waits for a flag of one of that group's ancestors (within a domain a
 * vote goes up the groups, a withdrawal too), and across domains entry
 * votes bottom-up and exit withdraws top-down, one domain at a time, so
 * no cycle of waiting can form; a last man never waits at all.
 *
 * **OSI mode.** In the OS-initiated mode (``pidle_model_opts.mode``)
 * cpuidle shows the CPU-level states only, and domain states are chosen
 * by domain governors (<pidle/dgov.h>), as genpd does for PSCI's OSI
 * mode (drivers/cpuidle/cpuidle-psci-domain.c). The same words and
 * groups serve, with three differences:
 *
 * - a CPU votes only in the lowest level that has states, and only while
 *   idle in the deepest CPU-level state, the one PSCI hangs the CPU's
 *   power domain off; its vote allows every state of that level (a table
 *   state deeper than that is taken as it);
 * - the last man of a domain calls its level's governor (``->select()``,
 *   with the inputs the groups gathered: earliest next timer, smallest
 *   per-CPU QoS, whether a CPU's QoS changed since the domain's last
 *   decision; the global QoS of pidle_model_set_global_qos(); for a
 *   parent, its children's power-on latency; and, for a governor that
 *   reads it (PIDLE_DGOV_IPI), whether a CPU of the domain has an IPI
 *   pending, as the optional ``ipi_peek`` hook of pidle_model_opts says:
 *   no hook, a hook that cannot tell, or a governor without the flag is
 *   ``ipi_known`` false), or, with none, takes the deepest state. -1
 *   keeps it on, counted *rejected*. The hook and the inputs cost the
 *   last man only: each group's last man adds its members' QoS change
 *   counts (``qos_gen``, a CPU's bumped when its QoS differs from its
 *   previous entry's) into the group, like their timers, and the domain
 *   keeps the sum its last decision saw: the sums are equal only when no
 *   count moved;
 * - a domain votes in its parent (the next level with states: its
 *   members are its child domains, in vote groups like CPUs) only while
 *   down in its deepest state, as genpd_power_off() refuses a parent
 *   while a child is not in its deepest state (drivers/pmdomain/core.c).
 *   The child's root records that vote (``parent_vote``, 0 if none) and
 *   its first man withdraws it, so the chain of first men runs from a
 *   CPU's core up to the outermost domain it is first man of.
 *
 * The first man of a down period calls ``->reflect()`` with its length,
 * and pays the state's exit (power-on) latency; woken before
 * down_since + the state's entry (power-off) latency, it first pays the
 * rest of the power-off (Documentation/devicetree/bindings/cpu/
 * idle-states.yaml: a wake-up during the entry waits for it to complete;
 * wakeup-latency = entry + exit). A domain is ready no earlier than the
 * domains around it that the same CPU powered up or waited for: the
 * latencies nest, and a CPU pays the largest that applies, as in PC
 * mode. Counters per domain state as genpd's, with mainline's
 * genpd_reflect_residency(): *above*, a period shorter than entry
 * latency + residency; else *below*, one that reached the next deeper
 * state's entry latency + residency (kept in PC mode too, where the
 * entry latency is usually 0). ``->select()`` and ``->reflect()`` of one
 * domain never overlap: the first runs while its root is deciding, the
 * second while its first man holds WAKING, and each waits for the other.
 *
 * **Counters.** Per CPU and state: requested, achieved, demoted, latency
 * paid, the driver's measured spin overshoot and aborted entries (a
 * wake-up was pending before the CPU voted), written by that CPU only.
 * Per domain and state: usage (completed down periods), residency, too deep
 * (down periods shorter than the state's target residency), rejected (the
 * policy chose a shallower state or none), latency paid by first men —
 * written only by the current last or first man, who are ordered through
 * the word. Readers use READ_ONCE() and may see a counter set mid-update; a
 * reset records a baseline rather than writing the owners' counters.
 *
 * A first man does not count those one by one: it adds its period (the
 * voted period, down or kept up) to one bucket, a count and a sum of
 * lengths, chosen by the state (or kept up) and by the period's *class*
 * of length: the intervals between the thresholds of too deep (target
 * residency), genpd's above and below (entry latency + residency, of the
 * state and of the next deeper one) and the oracle's staircase
 * (pidle_energy.c), built with the model (struct pidle_period_class).
 * Within one class every such answer is the same, so readers derive them
 * exactly: usage and residency are a row's sums, too deep, above and
 * below the counts of the classes that are, the oracle's time and
 * periods per state the sums of the classes it picks that state in, and
 * the latency paid the paid periods times the state's latency, plus the
 * OSI power-off remainders, counted apart. A bucket counts a period as
 * paid or as *unpaid* (ended by a CPU coming online, which pays
 * nothing), never both, and usage is the sum: a reader or a reset that
 * races a power-up cannot pair one count with a later other, so the
 * latency paid never exceeds usage times the latency and never wraps
 * (derived as (usage - unpaid) * latency, it once read ~2^64). A reset
 * copies each counter into a base with a release, and readers read the
 * base before the counter (pidle_stat_since()), so no difference they
 * take is ever negative either. A first man walks a handful of thresholds and writes
 * two words instead of eleven (tests/unit/test_energy.c checks each
 * figure against its per-period sum on random tables). Residency is
 * added when a down period ends; pidle_domain_residency_ns() adds the
 * period still going on, so that a domain down for all of a sampling
 * interval shows it. It uses ``up_seq`` as a sequence count: the first
 * man adds the period to its bucket, then (smp_wmb()) numbers the
 * power-up, before it clears WAKING.
 *
 * The energy model's counters (idle and oracle time per CPU and per
 * domain, pidle_energy.c) follow the same rules: a CPU's are written by
 * that CPU, a domain's (the same buckets) by its first man.
 *
 * **Hotplug.** An offline CPU votes as if idle in the deepest state, so it
 * never keeps a domain up; coming online is an exit that pays nothing.
 */

/*
 * What a wake-up from @state costs: its entry and exit latencies, as
 * cpuidle shows them (pidle_state_wake_latency_ns(), dt_idle_states.c).
 * An OSI domain's first man pays the power-on and what is left of the
 * power-off instead (pidle_domain_power_up()).
 */
static u64 pidle_lat(const struct pidle_domain *d, int state)
{
	return d->tab->hot[state].wake_latency_ns;
}

static void pidle_inc(u64 *counter, u64 val)
{
	WRITE_ONCE(*counter, *counter + val);
}

/*
 * A group's last man, the group deciding: its inputs, the minimum over its
 * at most PIDLE_VGROUP_FANOUT members. Their values cannot change under
 * it: a member must leave the group to change them, and none can while it
 * is deciding. See "Vote groups".
 */
static void pidle_vgroup_gather(struct pidle_vgroup *g)
{
	u64 next = U64_MAX, t, gen = 0;
	s64 qos = S64_MAX, q;
	unsigned int i, nr = g->nr;

	/*
	 * One loop per kind of member, @nr read once: the READ_ONCE()s
	 * would otherwise have the compiler reload g->nr and g->leaf for
	 * each of the up to 16 members (a third of the loop).
	 */
	if (g->leaf) {
		struct pidle_cpu *const *cpu = g->cpu;

		for (i = 0; i < nr; i++) {
			t = READ_ONCE(cpu[i]->next_timer_ns);
			q = READ_ONCE(cpu[i]->qos_ns);
			gen += READ_ONCE(cpu[i]->qos_gen);
			next = min(next, t);
			qos = min(qos, q);
		}
	} else {
		struct pidle_vgroup *const *child = g->child;

		for (i = 0; i < nr; i++) {
			t = READ_ONCE(child[i]->next_timer_ns);
			q = READ_ONCE(child[i]->cpu_qos_ns);
			gen += READ_ONCE(child[i]->qos_gen);
			next = min(next, t);
			qos = min(qos, q);
		}
	}
	WRITE_ONCE(g->next_timer_ns, next);
	WRITE_ONCE(g->cpu_qos_ns, qos);
	WRITE_ONCE(g->qos_gen, gen);
}

/*
 * The last man's choice: returns the state to go down in, or NONE. @next
 * is the domain's earliest next timer (timer policy only).
 */
static __always_inline int pidle_domain_choose(const struct pidle_model *m,
					       enum pidle_policy policy,
					       struct pidle_domain *d,
					       unsigned int deepest,
					       u64 now_ns, u64 next)
{
	const struct pidle_level *lvl = &m->level[d->level];
	u64 budget_ns;
	int k;

	if (policy == PIDLE_POLICY_AUTO)
		return lvl->dstate[deepest];

	budget_ns = next > now_ns ? next - now_ns : 0;
	for (k = deepest; k >= 0; k--)
		if (d->tab->state[lvl->dstate[k]].target_residency_ns <= budget_ns)
			break;
	/* Kept out of the deepest state it could have reached. */
	if (k < (int)deepest)
		pidle_inc(&d->stat[deepest].rejected, 1);
	return k >= 0 ? (int)lvl->dstate[k] : PIDLE_STATE_NONE;
}

/* The deepest level state every member of a complete group agrees to. */
static __always_inline unsigned int pidle_vgroup_deepest(s64 word,
							 unsigned int nr,
							 unsigned int nr_dstates)
{
	unsigned int k, deepest = 0;

	for (k = 1; k < nr_dstates; k++)
		if (PIDLE_VOTE_COUNT(word, k) == nr)
			deepest = k;
	return deepest;
}

/*
 * OSI: the domain's governor chooses (NULL: the deepest). A refusal (-1)
 * is genpd's *rejected*, counted at the deepest state.
 */
static int pidle_domain_osi_choose(struct pidle_model *m,
				   struct pidle_domain *d, unsigned int deepest,
				   u64 now_ns)
{
	const struct pidle_level *lvl = &m->level[d->level];
	struct pidle_dgov_input in;
	int k;

	if (!lvl->dgov)
		return lvl->dstate[deepest];
	in.now_ns = now_ns;
	in.next_timer_ns = d->root.next_timer_ns;
	in.cpu_qos_ns = d->root.cpu_qos_ns;
	in.global_qos_ns = READ_ONCE(m->global_qos_ns);
	/*
	 * The driver's hook, where the kernel lets it see: "OSI mode". Only
	 * for a governor that reads it: the hook reads each of the domain's
	 * CPUs, with interrupts off.
	 */
	in.ipi_pending = false;
	in.ipi_known = m->ipi_peek && (lvl->dgov->flags & PIDLE_DGOV_IPI) &&
		       m->ipi_peek(m->ipi_data, d->cpus, d->nr_cpus,
				   &in.ipi_pending);
	if (!in.ipi_known)
		in.ipi_pending = false;
	in.deepest = deepest;
	in.sub_power_on_ns = d->sub_power_on_ns;
	/* Sums of per-CPU change counts: equal only if none changed. */
	in.qos_changed = d->root.qos_gen != d->qos_gen_seen;
	d->qos_gen_seen = d->root.qos_gen;
	k = lvl->dgov->select(&d->gd, &in);
	if (k < 0) {
		pidle_inc(&d->stat[deepest].rejected, 1);
		return PIDLE_STATE_NONE;
	}
	if (WARN_ON_ONCE(k > (int)deepest))
		k = deepest;
	return lvl->dstate[k];
}

/*
 * Whether @d's last man gathers its CPUs' inputs (pidle_domain.aggregate),
 * known from @mode and @policy alone in PC mode (the timer policy): then
 * a PC domain under ``auto`` is one group, its root.
 */
static __always_inline bool pidle_domain_aggregates(enum pidle_mode mode,
						    enum pidle_policy policy,
						    const struct pidle_domain *d)
{
	if (mode == PIDLE_MODE_PC)
		return policy == PIDLE_POLICY_TIMER;
	return d->aggregate;
}

/*
 * Vote in the CPU's level-@l domain: in its leaf group, and, as the last
 * man of a group, for the group in its parent, up to the root (see "Vote
 * groups"); in OSI mode, as the last man of a domain that goes down in
 * its deepest state, for the domain in its parent domain ("OSI mode").
 * Inlined into the loop over levels: the call cost a tenth of a pair.
 * @mode and @policy are the model's, constants in each copy
 * (pidle_vote_all()).
 */
static __always_inline void pidle_domain_vote(struct pidle_model *m,
					      enum pidle_mode mode,
					      enum pidle_policy policy,
					      struct pidle_cpu *c,
					      unsigned int l, u64 vote,
					      u64 now_ns,
					      struct pidle_enter_info *info)
{
	struct pidle_vgroup *g = c->leaf[l];
	const struct pidle_level *lvl;
	struct pidle_domain *d;
	unsigned int deepest;
	u64 next_ns;
	s64 new, cur, qos_ns;
	int state;
	bool up;

	/* Fully ordered: publishes next_timer_ns and qos_ns; see the DOC. */
	new = atomic64_add_return(vote, &g->word);
	for (;;) {
		d = g->dom;
		lvl = &m->level[d->level];
		/* Counter 0 holds every voter: it can never pass the count. */
		WARN_ON_ONCE(PIDLE_VOTE_COUNT(new, 0) > g->nr);
		if (PIDLE_VOTE_COUNT(new, 0) != g->nr)
			return;
		/* Last man of @g: it is deciding, its counters stable. */
		deepest = pidle_vgroup_deepest(new, g->nr, lvl->nr_dstates);
		if (pidle_domain_aggregates(mode, policy, d))
			pidle_vgroup_gather(g);
		if (pidle_domain_aggregates(mode, policy, d) && !g->root) {
			/* The group votes as one CPU idle in its deepest state. */
			vote = m->vote_upto[deepest];
			WRITE_ONCE(g->parent_vote, vote);
			cur = new;
			new = atomic64_add_return(vote, &g->parent->word);
			/*
			 * Its first man may now withdraw it. A store: the word
			 * is this CPU's alone while deciding ("Memory ordering").
			 */
			atomic64_set_release(&g->word, cur | PIDLE_DECIDED);
			g = g->parent;
			continue;
		}

		/* Last man of the domain: the root is deciding. */
		next_ns = g->next_timer_ns;
		qos_ns = g->cpu_qos_ns;
		if (mode == PIDLE_MODE_OSI)
			state = pidle_domain_osi_choose(m, d, deepest, now_ns);
		else
			state = pidle_domain_choose(m, policy, d, deepest,
						    now_ns, next_ns);
		WRITE_ONCE(d->down_state, state);
		WRITE_ONCE(d->down_since_ns, now_ns);
		if (info) {
			if (state != PIDLE_STATE_NONE) {
				info->down_levels |= 1u << d->level;
				info->down_state[d->level] = state;
			}
			/* PC's auto policy takes the deepest: never rejects. */
			if ((mode == PIDLE_MODE_OSI ||
			     policy == PIDLE_POLICY_TIMER) &&
			    state != (int)lvl->dstate[deepest])
				info->rejected_levels |= 1u << d->level;
			if (pidle_domain_aggregates(mode, policy, d)) {
				info->next_timer_ns[d->level] = next_ns;
				info->cpu_qos_ns[d->level] = qos_ns;
			}
		}
		/* OSI: a parent only while the child is in its deepest state. */
		up = false;
		if (mode == PIDLE_MODE_OSI && d->up_group) {
			up = state == (int)lvl->dstate[lvl->nr_dstates - 1];
			vote = up ? m->vote_upto[m->level[d->up_group->dom->level].nr_dstates - 1] : 0;
			WRITE_ONCE(g->parent_vote, vote);
		}
		if (!up) {
			/*
			 * Pairs with the first man's compare-and-exchange and
			 * waiters' acquire; a store, the word being this
			 * CPU's alone.
			 */
			atomic64_set_release(&g->word, new | PIDLE_DECIDED);
			return;
		}
		cur = new;
		new = atomic64_add_return(vote, &d->up_group->word);
		atomic64_set_release(&g->word, cur | PIDLE_DECIDED);
		g = d->up_group;
	}
}

/*
 * Bottom-up, one domain at a time: see "Why the spins are bounded". One
 * copy per mode and policy (pidle_vote_all()), so that each has only its
 * own tests: a PC domain under ``auto`` is one group, has no inputs to
 * gather and no parent domain.
 */
static __always_inline void pidle_vote_levels(struct pidle_model *m,
					      enum pidle_mode mode,
					      enum pidle_policy policy,
					      struct pidle_cpu *c,
					      unsigned int state, u64 now_ns,
					      struct pidle_enter_info *info)
{
	unsigned int l;

	for (l = 1; l <= m->nr_levels; l++) {
		if (!m->vote[l][state])
			continue;
		c->voted_levels |= 1u << l;
		pidle_domain_vote(m, mode, policy, c, l, m->vote[l][state],
				  now_ns, info);
	}
}

static void pidle_vote_pc_auto(struct pidle_model *m,
					struct pidle_cpu *c, unsigned int state,
					u64 now_ns,
					struct pidle_enter_info *info)
{
	pidle_vote_levels(m, PIDLE_MODE_PC, PIDLE_POLICY_AUTO, c, state,
			  now_ns, info);
}

static void pidle_vote_pc_timer(struct pidle_model *m,
					 struct pidle_cpu *c,
					 unsigned int state, u64 now_ns,
					 struct pidle_enter_info *info)
{
	pidle_vote_levels(m, PIDLE_MODE_PC, PIDLE_POLICY_TIMER, c, state,
			  now_ns, info);
}

static void pidle_vote_osi(struct pidle_model *m,
				    struct pidle_cpu *c, unsigned int state,
				    u64 now_ns, struct pidle_enter_info *info)
{
	pidle_vote_levels(m, PIDLE_MODE_OSI, m->policy, c, state, now_ns,
			  info);
}

static void pidle_vote_all(struct pidle_model *m, struct pidle_cpu *c,
			   unsigned int state, u64 now_ns,
			   struct pidle_enter_info *info)
{
	if (m->mode == PIDLE_MODE_OSI)
		pidle_vote_osi(m, c, state, now_ns, info);
	else if (m->policy == PIDLE_POLICY_TIMER)
		pidle_vote_pc_timer(m, c, state, now_ns, info);
	else
		pidle_vote_pc_auto(m, c, state, now_ns, info);
}

static __always_inline void pidle_enter_common(struct pidle_model *m,
					       unsigned int cpu,
					       unsigned int state, u64 now_ns,
					       u64 next_timer_ns, s64 qos_ns,
					       struct pidle_enter_info *info)
{
	struct pidle_cpu *c = m->cpu[cpu];

	if (info) {
		info->down_levels = 0;
		info->rejected_levels = 0;
	}
	pidle_cpu_window_open(c);
	if (WARN_ON_ONCE(state >= m->nr_states || c->voted_levels)) {
		pidle_cpu_window_close(c);
		return;
	}

	c->requested = state;
	/* Published to last men by the fully ordered votes below. */
	WRITE_ONCE(c->next_timer_ns, next_timer_ns);
	if (unlikely(qos_ns != c->qos_ns))	/* OSI's qos_changed */
		WRITE_ONCE(c->qos_gen, c->qos_gen + 1);
	WRITE_ONCE(c->qos_ns, qos_ns);
	pidle_inc(&c->stat[state].requested, 1);
	pidle_energy_cpu_begin(c, PIDLE_IDLE, now_ns);

	pidle_vote_all(m, c, state, now_ns, info);
	/* Every down period this entry began is recorded. */
	pidle_cpu_window_close(c);
}

void pidle_clock_begin(struct pidle_model *m, unsigned int cpu)
{
	pidle_cpu_window_open(m->cpu[cpu]);
	/* The odd count, then the caller's clock read: see pidle_energy.c. */
	smp_mb();
}

void pidle_enter(struct pidle_model *m, unsigned int cpu, unsigned int state,
		 u64 now_ns, u64 next_timer_ns, struct pidle_enter_info *info)
{
	pidle_enter_common(m, cpu, state, now_ns, next_timer_ns, S64_MAX, info);
}

void pidle_enter_qos(struct pidle_model *m, unsigned int cpu,
		     unsigned int state, u64 now_ns, u64 next_timer_ns,
		     s64 qos_ns, struct pidle_enter_info *info)
{
	pidle_enter_common(m, cpu, state, now_ns, next_timer_ns, qos_ns, info);
}

/*
 * Withdraw @vote from @g, waiting while it is deciding. Returns the word
 * it replaced; *@full: this CPU is @g's first man, and holds its WAKING.
 */
static __always_inline s64 pidle_vgroup_withdraw(struct pidle_vgroup *g,
						 u64 vote, bool *full)
{
	s64 old = atomic64_read_acquire(&g->word), new;

	for (;;) {
		if (PIDLE_DECIDING(old, g->nr) || (old & PIDLE_WAKING)) {
			/*
			 * The last man is still deciding, or the first man
			 * publishing: wait for its writes, and leave it the
			 * word to itself ("Memory ordering").
			 */
			cpu_relax();
			old = atomic64_read_acquire(&g->word);
			continue;
		}
		/* Our own vote is in the word: the counters cannot underflow. */
		if (WARN_ON_ONCE(PIDLE_VOTE_COUNT(old, 0) == 0)) {
			*full = false;
			return old;
		}
		*full = PIDLE_VOTE_COUNT(old, 0) == g->nr;
		/* u64: the count of exits wraps out of bit 63 by design. */
		new = (s64)((u64)old - vote + PIDLE_EXIT_ONE);
		if (*full)
			new = (s64)(((u64)new & ~PIDLE_DECIDED) | PIDLE_WAKING);
		if (atomic64_try_cmpxchg(&g->word, &old, new))
			return old;
	}
}

/* Where a first man goes from @h, which it holds: NULL at the top. */
static __always_inline struct pidle_vgroup *
pidle_vgroup_up(enum pidle_mode mode, struct pidle_vgroup *h)
{
	if (!h->root)
		return h->parent;
	/* A PC root's parent_vote stays 0: it has no parent domain. */
	if (mode == PIDLE_MODE_PC || !h->dom->up_group)
		return NULL;
	return READ_ONCE(h->parent_vote) ? h->dom->up_group : NULL;
}

/*
 * A first man is done: clear WAKING on the groups from @h up to, not
 * including, @stop. Pairs with the acquire of the members waiting to
 * withdraw. Stores: while WAKING is set nobody else writes the word.
 */
static __always_inline void pidle_vgroup_release(enum pidle_mode mode,
						 struct pidle_vgroup *h,
						 struct pidle_vgroup *stop)
{
	struct pidle_vgroup *next;

	for (; h && h != stop; h = next) {
		next = pidle_vgroup_up(mode, h);
		atomic64_set_release(&h->word, atomic64_read(&h->word) &
				     ~PIDLE_WAKING);
	}
}

/* The longest a domain state's power-up can take: power-off included. */
static u64 pidle_dom_lat_max(const struct pidle_domain *d, int state)
{
	return pidle_lat(d, state);
}

/*
 * The power-ups around the domain a CPU's withdrawal is at, outermost
 * first: the one it waits for at the outermost domain it reaches, then
 * each it is first man of. A domain is ready no earlier than those
 * around it (@lat_ns, what the CPU pays for them), and a waiter for it
 * achieved the deepest of their states and waits at most the longest of
 * their latencies ("Waiters").
 */
struct pidle_outer {
	u64 lat_ns;
	int deepest;
	u64 wait_max_ns;
};

/*
 * First man of @d, holding WAKING on its root: end the down period, count
 * it, publish the power-up; raise what the CPU pays.
 */
static __always_inline void pidle_domain_power_up(struct pidle_model *m,
						  enum pidle_mode mode,
						  struct pidle_cpu *c,
						  struct pidle_domain *d,
						  u64 now_ns, bool hotplug,
						  struct pidle_outer *outer,
						  unsigned int *achieved,
						  u64 *latency_ns,
						  struct pidle_exit_info *info)
{
	const struct pidle_level *lvl = &m->level[d->level];
	const struct pidle_state_hot *h;
	unsigned int l = d->level, seq, k;
	u64 lat, resid, since;
	int state;

	/* First man; reads after the cmpxchg, see "exactly one". */
	state = READ_ONCE(d->down_state);
	since = d->down_since_ns;
	/* "A down period that lasted no time", see the DOC block. */
	resid = now_ns > since ? now_ns - since : 0;
	if (state == PIDLE_STATE_NONE) {
		pidle_domain_period_end(m, d, PIDLE_KEPT_UP_ROW, resid, false);
		return;
	}

	h = &d->tab->hot[state];
	k = h->dindex;
	/*
	 * Usage, residency, too deep, above, below and the oracle's share:
	 * one class of the period's length ("Counters").
	 */
	pidle_domain_period_end(m, d, k, resid, hotplug);
	lat = h->wake_latency_ns;
	if (mode == PIDLE_MODE_OSI) {
		/* The power-on; woken while powering down, the rest of that first. */
		lat = d->tab->state[state].exit_latency_ns;
		if (!hotplug && since + d->tab->state[state].entry_latency_ns > now_ns) {
			u64 rest_ns = since + d->tab->state[state].entry_latency_ns - now_ns;

			lat += rest_ns;
			pidle_inc(&d->stat[k].extra_latency_ns, rest_ns);
		}
	}
	/* Counted unpaid with the period (pidle_domain_period_end()). */
	if (hotplug)
		lat = 0;
	WRITE_ONCE(d->up_at_ns, now_ns);
	WRITE_ONCE(d->up_state, state);
	/* Not up before the domains around it (OSI): latencies nest. */
	WRITE_ONCE(d->ready_ns, now_ns + max(lat, outer->lat_ns));
	if (lat > outer->lat_ns)
		outer->lat_ns = lat;
	/* What its waiters achieve and may pay: "Waiters". */
	if (state > outer->deepest)
		outer->deepest = state;
	outer->wait_max_ns = max(outer->wait_max_ns,
				 pidle_dom_lat_max(d, state));
	WRITE_ONCE(d->up_deepest, outer->deepest);
	WRITE_ONCE(d->up_wait_max_ns, outer->wait_max_ns);
	seq = d->up_seq + 1;
	/* The period's counts, then its number: pidle_domain_residency_ns(). */
	smp_wmb();
	WRITE_ONCE(d->up_seq, seq);
	c->left_seq[l] = seq;
	if (mode == PIDLE_MODE_OSI && lvl->dgov && lvl->dgov->reflect)
		lvl->dgov->reflect(&d->gd, k, resid);
	if ((unsigned int)state > *achieved)
		*achieved = state;
	if (lat > *latency_ns)
		*latency_ns = lat;
	if (info) {
		info->up_levels |= 1u << l;
		info->up_state[l] = state;
		info->up_residency_ns[l] = resid;
	}
}

/*
 * Withdraw the CPU's vote from its level-@l domain, up its groups (and in
 * OSI mode, as first man of a domain its parent counts, into the parent);
 * as first man or waiter, raise what the CPU pays.
 */
static __always_inline void pidle_domain_leave(struct pidle_model *m,
					       enum pidle_mode mode,
					       struct pidle_cpu *c,
					       unsigned int l, u64 vote,
					       u64 now_ns, bool hotplug,
					       unsigned int *achieved,
					       u64 *latency_ns,
					       struct pidle_exit_info *info)
{
	struct pidle_domain *first[PIDLE_MAX_LEVELS + 1], *d;
	struct pidle_vgroup *g = c->leaf[l], *stop = NULL;
	struct pidle_outer outer = { .deepest = PIDLE_STATE_NONE };
	unsigned int nr_first = 0, seq, *left_seq;
	bool full;
	int state;
	u64 lat, ready_ns;

	for (;;) {
		pidle_vgroup_withdraw(g, vote, &full);
		if (!full) {
			stop = g;
			break;
		}
		if (g->root) {
			first[nr_first++] = g->dom;
			/* PC: a domain's root has no parent domain to leave. */
			if (mode == PIDLE_MODE_PC)
				break;
		}
		/*
		 * First man of @g: withdraw its vote upward, holding its
		 * WAKING until done. parent_vote is read after the exchange
		 * ("exactly one").
		 */
		vote = READ_ONCE(g->parent_vote);
		g = pidle_vgroup_up(mode, g);
		if (!g)
			break;
	}

	/*
	 * Waiter at @stop's domain, the outermost this CPU reached. Stable:
	 * no down period, so no first man, can come before this CPU votes
	 * again.
	 */
	if (stop) {
		d = stop->dom;
		left_seq = &c->left_seq[d->level];
		seq = READ_ONCE(d->up_seq);
		ready_ns = READ_ONCE(d->ready_ns);
		if (seq != *left_seq && ready_ns > now_ns) {
			/*
			 * Still powering up, with the domains around it that
			 * its first man powered up or waited for: this CPU
			 * waits until ready_ns, and was in the deepest of
			 * their states. Never longer than the longest of
			 * their latencies: a CPU whose clock read came before
			 * the first man's woke first (it lost the race to the
			 * flag, or was held up since), and on hardware the
			 * domains would be up that long after its wake-up.
			 */
			state = READ_ONCE(d->up_deepest);
			lat = min_t(u64, ready_ns - now_ns,
				    READ_ONCE(d->up_wait_max_ns));
			outer.lat_ns = lat;
			outer.deepest = state;
			outer.wait_max_ns = READ_ONCE(d->up_wait_max_ns);
			if (lat > *latency_ns)
				*latency_ns = lat;
			if ((unsigned int)state > *achieved)
				*achieved = state;
			if (info)
				info->wait_levels |= 1u << d->level;
		}
		*left_seq = seq;
	}
	/* Top-down: the outermost domain powers up before those inside. */
	while (nr_first)
		pidle_domain_power_up(m, mode, c, first[--nr_first], now_ns,
				      hotplug,
				      &outer, achieved, latency_ns, info);
	/* The groups below @stop this CPU was first man of. */
	pidle_vgroup_release(mode, c->leaf[l], stop);
}

/*
 * Inlined into its two callers, each with its own @hotplug and @info, and
 * in pidle_exit() once per mode (@mode a constant): the PC mode's copy
 * has none of the OSI mode's tests.
 */
static __always_inline void pidle_leave_all(struct pidle_model *m,
					    enum pidle_mode mode,
					    struct pidle_cpu *c,
					    unsigned int state, u64 now_ns,
					    bool hotplug,
					    unsigned int *achieved,
					    u64 *latency_ns,
					    struct pidle_exit_info *info)
{
	unsigned int l;

	/* Top-down: the package powers up before the core inside it. */
	for (l = m->nr_levels; l >= 1; l--) {
		if (!(c->voted_levels & (1u << l)))
			continue;
		pidle_domain_leave(m, mode, c, l, m->vote[l][state], now_ns,
				   hotplug, achieved, latency_ns, info);
	}
	c->voted_levels = 0;
}

void pidle_exit(struct pidle_model *m, unsigned int cpu, u64 now_ns,
		struct pidle_exit_info *info)
{
	struct pidle_cpu *c = m->cpu[cpu];
	unsigned int state = c->requested;
	unsigned int achieved = m->cpu_fallback[state];
	/* A CPU-level state: the CPU's own table's (its CPU set's). */
	u64 latency_ns = pidle_state_wake_latency_ns(&c->state[achieved]);
	struct pidle_exit_info scratch;

	if (!info)
		info = &scratch;
	info->up_levels = 0;
	info->wait_levels = 0;
	pidle_cpu_window_open(c);

	if (m->mode == PIDLE_MODE_OSI)
		pidle_leave_all(m, PIDLE_MODE_OSI, c, state, now_ns, false,
				&achieved, &latency_ns, info);
	else
		pidle_leave_all(m, PIDLE_MODE_PC, c, state, now_ns, false,
				&achieved, &latency_ns, info);

	pidle_inc(&c->stat[achieved].achieved, 1);
	pidle_inc(&c->stat[achieved].latency_paid_ns, latency_ns);
	if (achieved < state)
		pidle_inc(&c->stat[state].demoted, 1);
	pidle_energy_cpu_end(m, c, state, now_ns);
	pidle_cpu_window_close(c);

	info->requested = state;
	info->achieved = achieved;
	info->latency_ns = latency_ns;
}

void pidle_record_aborted(struct pidle_model *m, unsigned int cpu,
			  unsigned int state)
{
	pidle_inc(&m->cpu[cpu]->stat[state].aborted, 1);
}

void pidle_record_overshoot(struct pidle_model *m, unsigned int cpu,
			    unsigned int state, u64 overshoot_ns)
{
	struct pidle_cpu_counters *st = &m->cpu[cpu]->stat[state];

	pidle_inc(&st->overshoot_ns, overshoot_ns);
	if (overshoot_ns > st->overshoot_max_ns)
		WRITE_ONCE(st->overshoot_max_ns, overshoot_ns);
}

void pidle_cpu_offline(struct pidle_model *m, unsigned int cpu, u64 now_ns)
{
	struct pidle_cpu *c = m->cpu[cpu];
	unsigned int deepest = m->nr_states - 1;

	/* The flags are held with interrupts off ("Why the spins are bounded"). */
	lockdep_assert_irqs_disabled();
	if (WARN_ON_ONCE(c->offline || c->voted_levels))
		return;
	c->offline = true;
	c->requested = deepest;
	pidle_cpu_window_open(c);
	pidle_energy_cpu_begin(c, PIDLE_OFFLINE, now_ns);
	/* An offline CPU has no timer nor constraint to keep domains up for. */
	WRITE_ONCE(c->next_timer_ns, U64_MAX);
	if (c->qos_ns != S64_MAX)
		WRITE_ONCE(c->qos_gen, c->qos_gen + 1);
	WRITE_ONCE(c->qos_ns, S64_MAX);
	pidle_vote_all(m, c, deepest, now_ns, NULL);
	pidle_cpu_window_close(c);
}

void pidle_cpu_online(struct pidle_model *m, unsigned int cpu, u64 now_ns)
{
	struct pidle_cpu *c = m->cpu[cpu];
	unsigned int achieved = 0;
	u64 latency_ns = 0;

	lockdep_assert_irqs_disabled();
	if (WARN_ON_ONCE(!c->offline))
		return;
	pidle_cpu_window_open(c);
	pidle_leave_all(m, m->mode, c, c->requested, now_ns, true, &achieved,
			&latency_ns, NULL);
	pidle_energy_cpu_end(m, c, c->requested, now_ns);
	pidle_cpu_window_close(c);
	c->offline = false;
}
