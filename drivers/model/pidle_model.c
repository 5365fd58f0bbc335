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
 * lives in one 64-bit atomic, ``pidle_domain.word``: for each of the
 * level's states *t_k* a 14-bit counter of the CPUs idle at least as deep
 * as *t_k*, two flags, DECIDED and WAKING, and a 6-bit count of exits
 * (modulo 64). A CPU entering state *s* adds, in one atomic operation,
 * one to every counter *k* with *t_k* <= *s*; on exit it subtracts the
 * same and adds one to the count of exits. A domain with every counter
 * below its CPU count is *up*. A complete domain (counter 0 full) without
 * DECIDED is *deciding*: its last man is at work.
 *
 * **Last man.** The CPU whose addition makes counter 0 equal to the CPU
 * count has completed the domain: every CPU is idle at least as deep as the
 * level's shallowest state. The same atomic value tells it the deepest *k*
 * whose counter is full, i.e. the deepest state every CPU agrees to. The
 * domain is deciding from that addition on, with no flag to set. The last
 * man applies the domain policy (``auto``: take the deepest; ``timer``:
 * the deepest whose target residency fits before the earliest next timer
 * of the domain's CPUs, or none, counting a *rejection*), writes
 * ``down_state`` and ``down_since_ns``, and sets DECIDED with a release
 * operation.
 *
 * **Votes.** A vote that, going by the word read just before, will not
 * complete the domain is one ``atomic64_add_return()``: it cannot fail,
 * so many CPUs voting at once in a large domain never retry. A vote that
 * will complete it is a compare-and-exchange against that read, and with
 * the ``timer`` policy the CPU scans its siblings' next timers *before*
 * it, holding nothing: siblings leaving idle do not spin while the scan
 * of a large package runs. The exchange fails if the word changed since
 * the read; a sibling that left (and perhaps came back with a new timer)
 * changed it through the count of exits even when the counters read the
 * same (that count wraps after 64 exits, far more than fit in one scan).
 * An add can still complete the domain unforeseen, when siblings voted
 * between its read and the add; that last man scans after its add, the
 * one case in which the scan runs while the domain is deciding.
 *
 * **First man.** The CPU whose subtraction starts from a full counter 0 is
 * the first to wake from a complete domain. It sets WAKING in that same
 * compare-and-exchange, and clears DECIDED, so exactly one CPU per
 * completion sees it. If the last man had put the domain down (``down_state`` is a state), this CPU
 * ends the down period: residency = now - down_since; it pays the state's
 * exit latency and publishes ``ready_ns`` = now + that latency and
 * ``up_state``; then it clears WAKING with a release operation.
 *
 * Each CPU reads the clock before it reaches the model, so a first man's
 * time can be earlier than its last man's: it woke while the last man was
 * still on its way in. That is a down period that lasted no time: its
 * residency is 0, never a negative difference wrapped around.
 *
 * **Waiters.** Any other CPU of the domain leaving idle reads ``ready_ns``;
 * while now < ready_ns the domain is still powering up and the CPU waits
 * until ready_ns: it pays the remaining time, and it achieved the domain's
 * state. A CPU whose subtraction saw WAKING set first waits for WAKING to
 * clear, so it never reads a ``ready_ns`` that is about to change. The
 * remaining time is at most the state's latency: a waiter whose clock
 * read came before the first man's woke first and lost the race to the
 * flag (or was held up since: seen once in a 6.12-rt guest), and
 * on hardware the domain would have been up one latency after it woke.
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
 * compare-and-exchange, a flag operation), so the changes form one total
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
 * and ``atomic64_add_return()``) are fully ordered. The last man's
 * ``atomic64_fetch_or_release()`` of DECIDED orders its plain writes
 * (``down_state``, ``down_since_ns``) before the flag; the first man's
 * ``atomic64_fetch_andnot_release()`` of WAKING orders ``ready_ns``,
 * ``up_state``, ``up_seq`` before the cleared flag. The reader's
 * successful compare-and-exchange on a value with DECIDED set (or WAKING
 * clear) comes after that release in the word's modification order, so it
 * reads from the release sequence and the writes are visible to it. A
 * waiter spinning on WAKING, or on a deciding domain, uses
 * ``atomic64_read_acquire()``, which pairs with the same releases.
 * ``next_timer_ns`` is written by each CPU before its vote; the vote, an
 * add or a compare-and-exchange, is fully ordered, and the last man's
 * vote comes after it in the word's modification order, so a scan made
 * after that vote sees it. A scan made *before* the last man's exchange
 * follows its read of the word and an ``smp_rmb()``: the read saw every
 * sibling's vote (it is about to complete the domain), each fully ordered
 * after that sibling's timer write, so the scan sees those timers; and a
 * timer written after the read belongs to an exit and entry that changed
 * the word, which fails the exchange.
 *
 * **Why the spins are bounded.** A domain is deciding, or holds WAKING,
 * for a few dozen instructions of one CPU (plus, with the ``timer``
 * policy, the rare unforeseen completion's scan), with interrupts off in
 * the kernel, and no CPU holds one while waiting for another: entry votes
 * bottom-up and exit subtracts top-down, one domain at a time. A waiter
 * never blocks a holder. The two never overlap: deciding needs every
 * vote, and the first man holding WAKING has withdrawn its own.
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
 * Residency is added when a down period ends; pidle_domain_residency_ns()
 * adds the period still going on, so that a domain down for all of a
 * sampling interval shows it. It uses usage as a sequence count: the first
 * man writes usage and residency before it clears WAKING.
 *
 * The energy model's counters (idle and oracle time per CPU and per
 * domain, pidle_energy.c) follow the same rules: a CPU's are written by
 * that CPU, a domain's by its first man.
 *
 * **Hotplug.** An offline CPU votes as if idle in the deepest state, so it
 * never keeps a domain up; coming online is an exit that pays nothing.
 */

static u64 pidle_lat(const struct pidle_model *m, int state)
{
	return m->state[state].exit_latency_ns;
}

static void pidle_inc(u64 *counter, u64 val)
{
	WRITE_ONCE(*counter, *counter + val);
}

/* Timer policy: the earliest next timer event among the domain's CPUs. */
static u64 pidle_domain_next_timer(const struct pidle_model *m,
				   const struct pidle_domain *d)
{
	u64 next = U64_MAX, t;
	unsigned int i;

	for (i = 0; i < d->nr_cpus; i++) {
		t = READ_ONCE(m->cpu[d->cpus[i]]->next_timer_ns);
		if (t < next)
			next = t;
	}
	return next;
}

/*
 * The last man's choice: returns the state to go down in, or NONE. @next
 * is the domain's earliest next timer (timer policy only).
 */
static int pidle_domain_choose(const struct pidle_model *m,
			       struct pidle_domain *d, unsigned int deepest,
			       u64 now_ns, u64 next)
{
	const struct pidle_level *lvl = &m->level[d->level];
	u64 budget_ns;
	int k;

	if (m->policy == PIDLE_POLICY_AUTO)
		return lvl->dstate[deepest];

	budget_ns = next > now_ns ? next - now_ns : 0;
	for (k = deepest; k >= 0; k--)
		if (m->state[lvl->dstate[k]].target_residency_ns <= budget_ns)
			break;
	/* Kept out of the deepest state it could have reached. */
	if (k < (int)deepest)
		pidle_inc(&d->stat[deepest].rejected, 1);
	return k >= 0 ? (int)lvl->dstate[k] : PIDLE_STATE_NONE;
}

/*
 * Vote in @d. Returns the word after the vote; *@scanned tells whether
 * *@next_ns holds the domain's earliest next timer, scanned before a vote
 * that was foreseen to complete the domain (timer policy only). A flag,
 * not a sentinel value: U64_MAX is a valid result (no CPU has a timer),
 * and taking it for "not scanned" made every such last man scan twice,
 * the second time with the domain deciding.
 */
static s64 pidle_domain_add_vote(struct pidle_model *m, struct pidle_domain *d,
				 u64 vote, u64 *next_ns, bool *scanned)
{
	s64 old = atomic64_read(&d->word);
	bool timer = m->policy == PIDLE_POLICY_TIMER;

	*next_ns = U64_MAX;
	*scanned = false;
	for (;;) {
		/*
		 * Not the last vote, as far as this read can tell: an add,
		 * which cannot fail. It may still turn out to be the last
		 * (others voted since the read): the caller sees that.
		 */
		if (PIDLE_VOTE_COUNT(old, 0) + 1 < d->nr_cpus) {
			/*
			 * A scan from a failed exchange is stale: if this add
			 * completes the domain, its last man scans anew.
			 */
			*scanned = false;
			/* Fully ordered: publishes next_timer_ns; see the DOC. */
			return atomic64_add_return(vote, &d->word);
		}
		/*
		 * The last vote: scan the timers now, with nothing held, and
		 * vote only if the word has not changed since the read. Any
		 * exit changes it, its count of exits included, so a sibling
		 * that left and came back with a new timer since the scan
		 * fails the exchange even when the counters look the same.
		 */
		if (timer) {
			/* The word, then the timers: see "Memory ordering". */
			smp_rmb();
			*next_ns = pidle_domain_next_timer(m, d);
			*scanned = true;
		}
		if (atomic64_try_cmpxchg(&d->word, &old, old + vote))
			return old + vote;
	}
}

/* Inlined into the loop over levels: the call cost a tenth of a pair. */
static __always_inline void pidle_domain_vote(struct pidle_model *m,
					      struct pidle_domain *d,
					      u64 vote, u64 now_ns,
					      struct pidle_enter_info *info)
{
	const struct pidle_level *lvl = &m->level[d->level];
	unsigned int k, deepest;
	bool scanned;
	u64 next_ns;
	s64 new;
	int state;

	new = pidle_domain_add_vote(m, d, vote, &next_ns, &scanned);
	/* Counter 0 holds every voter: it can never pass the CPU count. */
	WARN_ON_ONCE(PIDLE_VOTE_COUNT(new, 0) > d->nr_cpus);
	if (PIDLE_VOTE_COUNT(new, 0) != d->nr_cpus)
		return;

	/*
	 * Last man: the domain is DECIDING, the counters stable until this
	 * CPU sets DECIDED. An add that completed the domain unforeseen (a
	 * sibling voted between the read and the add) scans here, the one
	 * case where the timer scan runs with siblings held off.
	 */
	if (m->policy == PIDLE_POLICY_TIMER && !scanned)
		next_ns = pidle_domain_next_timer(m, d);
	deepest = 0;
	for (k = 1; k < lvl->nr_dstates; k++)
		if (PIDLE_VOTE_COUNT(new, k) == d->nr_cpus)
			deepest = k;
	state = pidle_domain_choose(m, d, deepest, now_ns, next_ns);
	WRITE_ONCE(d->down_state, state);
	WRITE_ONCE(d->down_since_ns, now_ns);
	/* Pairs with the first man's compare-and-exchange and waiters' acquire. */
	atomic64_fetch_or_release(PIDLE_DECIDED, &d->word);

	if (info) {
		if (state != PIDLE_STATE_NONE) {
			info->down_levels |= 1u << d->level;
			info->down_state[d->level] = state;
		}
		if (state != (int)lvl->dstate[deepest])
			info->rejected_levels |= 1u << d->level;
	}
}

/* Bottom-up, one domain at a time: see "Why the spins are bounded". */
static void pidle_vote_all(struct pidle_model *m, struct pidle_cpu *c,
			   unsigned int state, u64 now_ns,
			   struct pidle_enter_info *info)
{
	unsigned int l;

	for (l = 1; l <= m->nr_levels; l++) {
		if (!m->vote[l][state])
			continue;
		c->voted_levels |= 1u << l;
		pidle_domain_vote(m, c->dom[l], m->vote[l][state], now_ns, info);
	}
}

void pidle_enter(struct pidle_model *m, unsigned int cpu, unsigned int state,
		 u64 now_ns, u64 next_timer_ns, struct pidle_enter_info *info)
{
	struct pidle_cpu *c = m->cpu[cpu];

	if (info) {
		info->down_levels = 0;
		info->rejected_levels = 0;
	}
	if (WARN_ON_ONCE(state >= m->nr_states || c->voted_levels))
		return;

	c->requested = state;
	/* Published to last men by the fully ordered votes below. */
	WRITE_ONCE(c->next_timer_ns, next_timer_ns);
	pidle_inc(&c->stat[state].requested, 1);
	pidle_energy_cpu_begin(c, PIDLE_IDLE, now_ns);

	pidle_vote_all(m, c, state, now_ns, info);
}

/*
 * Withdraw a vote; as first man or waiter, raise what the CPU pays.
 * @left_seq is the CPU's left_seq for this domain's level.
 */
static __always_inline void pidle_domain_leave(struct pidle_model *m,
					       struct pidle_domain *d, u64 vote,
					       u64 now_ns, bool hotplug,
					       unsigned int *left_seq,
					       unsigned int *achieved,
					       u64 *latency_ns,
					       struct pidle_exit_info *info)
{
	s64 old = atomic64_read_acquire(&d->word), new;
	unsigned int seq;
	bool full;
	int state;
	u64 lat, resid, ready_ns;

	for (;;) {
		if (PIDLE_DECIDING(old, d->nr_cpus)) {
			/* The last man is still deciding: wait for its writes. */
			cpu_relax();
			old = atomic64_read_acquire(&d->word);
			continue;
		}
		/* Our own vote is in the word: the counters cannot underflow. */
		if (WARN_ON_ONCE(PIDLE_VOTE_COUNT(old, 0) == 0))
			return;
		full = PIDLE_VOTE_COUNT(old, 0) == d->nr_cpus;
		/* u64: the count of exits wraps out of bit 63 by design. */
		new = (s64)((u64)old - vote + PIDLE_EXIT_ONE);
		if (full)
			new = (s64)(((u64)new & ~PIDLE_DECIDED) | PIDLE_WAKING);
		if (atomic64_try_cmpxchg(&d->word, &old, new))
			break;
	}

	if (full) {
		/* First man; reads after the cmpxchg, see "exactly one". */
		state = READ_ONCE(d->down_state);
		/* "A down period that lasted no time", see the DOC block. */
		resid = now_ns > d->down_since_ns ? now_ns - d->down_since_ns : 0;
		pidle_energy_domain_end(m, d, state, resid);
		if (state != PIDLE_STATE_NONE) {
			struct pidle_domain_counters *st =
				&d->stat[m->dstate_index[state]];

			lat = hotplug ? 0 : pidle_lat(m, state);
			WRITE_ONCE(d->up_state, state);
			WRITE_ONCE(d->ready_ns, now_ns + lat);
			seq = d->up_seq + 1;
			WRITE_ONCE(d->up_seq, seq);
			*left_seq = seq;
			pidle_inc(&st->usage, 1);
			pidle_inc(&st->residency_ns, resid);
			if (resid < m->state[state].target_residency_ns)
				pidle_inc(&st->too_deep, 1);
			pidle_inc(&st->latency_paid_ns, lat);
			if ((unsigned int)state > *achieved)
				*achieved = state;
			if (lat > *latency_ns)
				*latency_ns = lat;
			if (info) {
				info->up_levels |= 1u << d->level;
				info->up_state[d->level] = state;
				info->up_residency_ns[d->level] = resid;
			}
		}
		/* Pairs with waiters' acquire and later compare-and-exchanges. */
		atomic64_fetch_andnot_release(PIDLE_WAKING, &d->word);
		return;
	}

	if (old & PIDLE_WAKING) {
		/* The first man is publishing ready_ns: wait for it. */
		while (atomic64_read_acquire(&d->word) & PIDLE_WAKING)
			cpu_relax();
	}
	/*
	 * Stable: no down period, so no first man, can come before this
	 * CPU votes again.
	 */
	seq = READ_ONCE(d->up_seq);
	ready_ns = READ_ONCE(d->ready_ns);
	if (seq != *left_seq && ready_ns > now_ns) {
		/*
		 * Still powering up: this CPU waits, and was in its state.
		 * Never longer than the state's latency: a CPU whose clock
		 * read came before the first man's woke first (it lost the
		 * race to the flag, or was held up since), and on hardware
		 * the domain would be up one latency after its wake-up.
		 */
		state = READ_ONCE(d->up_state);
		lat = min_t(u64, ready_ns - now_ns, pidle_lat(m, state));
		if (lat > *latency_ns)
			*latency_ns = lat;
		if ((unsigned int)state > *achieved)
			*achieved = state;
		if (info)
			info->wait_levels |= 1u << d->level;
	}
	*left_seq = seq;
}

static void pidle_leave_all(struct pidle_model *m, struct pidle_cpu *c,
			    unsigned int state, u64 now_ns, bool hotplug,
			    unsigned int *achieved, u64 *latency_ns,
			    struct pidle_exit_info *info)
{
	unsigned int l;

	/* Top-down: the package powers up before the core inside it. */
	for (l = m->nr_levels; l >= 1; l--) {
		if (!(c->voted_levels & (1u << l)))
			continue;
		pidle_domain_leave(m, c->dom[l], m->vote[l][state], now_ns,
				   hotplug, &c->left_seq[l], achieved,
				   latency_ns, info);
	}
	c->voted_levels = 0;
}

void pidle_exit(struct pidle_model *m, unsigned int cpu, u64 now_ns,
		struct pidle_exit_info *info)
{
	struct pidle_cpu *c = m->cpu[cpu];
	unsigned int state = c->requested;
	unsigned int achieved = m->cpu_fallback[state];
	u64 latency_ns = pidle_lat(m, achieved);
	struct pidle_exit_info scratch;

	if (!info)
		info = &scratch;
	info->up_levels = 0;
	info->wait_levels = 0;

	pidle_leave_all(m, c, state, now_ns, false, &achieved, &latency_ns,
			info);

	pidle_inc(&c->stat[achieved].achieved, 1);
	pidle_inc(&c->stat[achieved].latency_paid_ns, latency_ns);
	if (achieved < state)
		pidle_inc(&c->stat[state].demoted, 1);
	pidle_energy_cpu_end(m, c, state, now_ns);

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
	pidle_energy_cpu_begin(c, PIDLE_OFFLINE, now_ns);
	/* An offline CPU has no timer to keep its domains up for. */
	WRITE_ONCE(c->next_timer_ns, U64_MAX);
	pidle_vote_all(m, c, deepest, now_ns, NULL);
}

void pidle_cpu_online(struct pidle_model *m, unsigned int cpu, u64 now_ns)
{
	struct pidle_cpu *c = m->cpu[cpu];
	unsigned int achieved = 0;
	u64 latency_ns = 0;

	lockdep_assert_irqs_disabled();
	if (WARN_ON_ONCE(!c->offline))
		return;
	pidle_leave_all(m, c, c->requested, now_ns, true, &achieved,
			&latency_ns, NULL);
	pidle_energy_cpu_end(m, c, c->requested, now_ns);
	c->offline = false;
}

/* Build the per-level tables: votes, fallbacks, level-local indices. */
static void pidle_model_tables(struct pidle_model *m)
{
	unsigned int s, l, k, fallback = 0;

	for (s = 0; s < m->nr_states; s++) {
		l = m->state_level[s];
		if (l == 0)
			fallback = s;
		m->cpu_fallback[s] = fallback;
		if (l) {
			struct pidle_level *lvl = &m->level[l];

			m->dstate_index[s] = lvl->nr_dstates;
			lvl->dstate[lvl->nr_dstates++] = s;
		}
	}
	for (l = 1; l <= m->nr_levels; l++)
		for (s = 0; s < m->nr_states; s++)
			for (k = 0; k < m->level[l].nr_dstates; k++)
				if (m->level[l].dstate[k] <= s)
					m->vote[l][s] += PIDLE_VOTE_ONE(k);
}

/*
 * Each domain and each CPU's state is its own allocation, on the NUMA node
 * of its (first) CPU: the CPUs that write it on every idle cycle then
 * write local memory. cpu_to_node() is NUMA_NO_NODE in userspace.
 */
static int pidle_model_domains(struct pidle_model *m,
			       const struct pidle_topology *topo)
{
	unsigned int l, cpu, d;

	for (l = 1; l <= m->nr_levels; l++) {
		const struct pidle_topo_level *tl = &topo->level[l - 1];
		struct pidle_level *lvl = &m->level[l];

		lvl->nr_domains = tl->nr_domains;
		lvl->dom = kcalloc(tl->nr_domains, sizeof(*lvl->dom),
				   GFP_KERNEL);
		lvl->domain_of_cpu = kcalloc(m->nr_cpus, sizeof(unsigned int),
					     GFP_KERNEL);
		if (!lvl->dom || !lvl->domain_of_cpu)
			return -ENOMEM;
		memcpy(lvl->domain_of_cpu, tl->domain_of_cpu,
		       m->nr_cpus * sizeof(unsigned int));
		/* Domains are numbered by lowest CPU: allocated in CPU order. */
		for (cpu = 0; cpu < m->nr_cpus; cpu++) {
			struct pidle_domain **dom = &lvl->dom[tl->domain_of_cpu[cpu]];

			if (!*dom) {
				*dom = kzalloc_node(sizeof(**dom), GFP_KERNEL,
						    cpu_to_node(cpu));
				if (!*dom)
					return -ENOMEM;
				(*dom)->level = l;
				(*dom)->down_state = PIDLE_STATE_NONE;
				(*dom)->up_state = PIDLE_STATE_NONE;
			}
			(*dom)->nr_cpus++;
		}
		for (d = 0; d < lvl->nr_domains; d++) {
			struct pidle_domain *dom = lvl->dom[d];

			dom->cpus = kcalloc(dom->nr_cpus, sizeof(unsigned int),
					    GFP_KERNEL);
			if (!dom->cpus)
				return -ENOMEM;
			dom->nr_cpus = 0;	/* refilled below */
		}
		for (cpu = 0; cpu < m->nr_cpus; cpu++) {
			struct pidle_domain *dom = lvl->dom[tl->domain_of_cpu[cpu]];

			dom->cpus[dom->nr_cpus++] = cpu;
			m->cpu[cpu]->dom[l] = dom;
		}
	}
	return 0;
}

int pidle_model_create(const struct pidle_states *st,
		       const struct pidle_topology *topo,
		       enum pidle_policy policy,
		       struct pidle_model **out, struct pidle_err *err)
{
	struct pidle_model *m;
	unsigned int s, l;
	int ret;

	ret = pidle_config_check(st, topo, err);
	if (ret)
		return ret;
	if (!st->nr_states)
		return pidle_err(err, "states", "empty table");

	m = kzalloc(sizeof(*m), GFP_KERNEL);
	if (!m)
		return -ENOMEM;
	m->nr_cpus = topo->nr_cpus;
	m->nr_states = st->nr_states;
	m->nr_levels = topo->nr_levels;
	m->policy = policy;
	memcpy(m->state, st->state, sizeof(m->state));
	strscpy(m->level_name[0], PIDLE_LEVEL_CPU, PIDLE_NAME_LEN);
	for (l = 1; l <= m->nr_levels; l++)
		strscpy(m->level_name[l], topo->level[l - 1].name,
			PIDLE_NAME_LEN);
	for (s = 0; s < m->nr_states; s++)
		m->state_level[s] = pidle_topology_level_index(topo,
						st->state[s].level_name);
	pidle_model_tables(m);
	pidle_energy_tables(m, st, topo);

	m->cpu = kcalloc(m->nr_cpus, sizeof(*m->cpu), GFP_KERNEL);
	if (!m->cpu) {
		ret = -ENOMEM;
		goto err_free;
	}
	for (s = 0; s < m->nr_cpus; s++) {
		m->cpu[s] = kzalloc_node(sizeof(*m->cpu[s]), GFP_KERNEL,
					 cpu_to_node(s));
		if (!m->cpu[s]) {
			ret = -ENOMEM;
			goto err_free;
		}
		m->cpu[s]->next_timer_ns = U64_MAX;
	}
	ret = pidle_model_domains(m, topo);
	if (ret)
		goto err_free;
	*out = m;
	return 0;

err_free:
	pidle_model_destroy(m);
	return ret;
}

void pidle_model_destroy(struct pidle_model *m)
{
	unsigned int l, d;

	if (!m)
		return;
	for (l = 1; l <= m->nr_levels; l++) {
		if (m->level[l].dom)
			for (d = 0; d < m->level[l].nr_domains; d++) {
				if (m->level[l].dom[d])
					kfree(m->level[l].dom[d]->cpus);
				kfree(m->level[l].dom[d]);
			}
		kfree(m->level[l].dom);
		kfree(m->level[l].domain_of_cpu);
	}
	if (m->cpu)
		for (d = 0; d < m->nr_cpus; d++)
			kfree(m->cpu[d]);
	kfree(m->cpu);
	kfree(m);
}
