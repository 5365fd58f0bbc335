// SPDX-License-Identifier: GPL-2.0
/*
 * pidle_dgov_misbehave: a domain governor module that gets the rules of
 * pseudo_cpuidle's registry wrong, one way per load (fault=), for the
 * dgov-registry guest suite (Documentation/cluster-governors.rst, "The
 * owner rule"):
 *
 * - fault=no_owner: registers "dgovtest-noown" with .owner NULL; the
 *   registry must refuse it (-EINVAL, one line), and the load fails.
 * - fault=fail_init: registers "dgovtest-a", waits in its init until
 *   release=1 is written (or hold_ms passed), so that the suite can try
 *   to select it while the module is still coming; then fails to register
 *   its second governor (the name "dgovtest-a" again: -EEXIST) and returns
 *   that error, without unregistering the first, as a careless init
 *   would. The registry must never have handed "dgovtest-a" out, and must
 *   drop it when the module goes.
 * - fault=attach_positive: registers "dgovtest-pos", whose ->attach()
 *   returns 1 (neither 0 nor -errno); selecting it must fail with EINVAL.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/string.h>
#include <pidle/dgov.h>

static char *fault = "";
module_param(fault, charp, 0444);
MODULE_PARM_DESC(fault, "no_owner, fail_init or attach_positive (see the file's comment)");

static unsigned int hold_ms;
module_param(hold_ms, uint, 0444);
MODULE_PARM_DESC(hold_ms, "fail_init: longest wait for release=1 in the init, ms (default 0)");

static bool release;
module_param(release, bool, 0644);
MODULE_PARM_DESC(release, "fail_init: write 1 to end the wait in the init (default 0)");

/* Keep the domain on: never asked in these tests but for attach. */
static int misbehave_select(struct pidle_dgov_domain *d,
			    const struct pidle_dgov_input *in)
{
	return -1;
}

static int misbehave_attach_positive(struct pidle_dgov_domain *d)
{
	return 1;
}

static void misbehave_detach(struct pidle_dgov_domain *d)
{
}

static const struct pidle_dgov_ops misbehave_no_owner = {
	.name	= "dgovtest-noown",
	.select	= misbehave_select,
};

static const struct pidle_dgov_ops misbehave_first = {
	.name	= "dgovtest-a",
	.owner	= THIS_MODULE,
	.select	= misbehave_select,
};

static const struct pidle_dgov_ops misbehave_second = {
	.name	= "dgovtest-a",		/* taken by the first: refused */
	.owner	= THIS_MODULE,
	.select	= misbehave_select,
};

static const struct pidle_dgov_ops misbehave_pos = {
	.name	= "dgovtest-pos",
	.owner	= THIS_MODULE,
	.attach	= misbehave_attach_positive,
	.detach	= misbehave_detach,
	.select	= misbehave_select,
};

/* fault=fail_init: the first registered, the module coming, a wait, a failure. */
static int misbehave_fail_init(void)
{
	unsigned long until = jiffies + msecs_to_jiffies(hold_ms);
	int ret;

	ret = pidle_dgov_register(&misbehave_first);
	if (ret)
		return ret;
	pr_info("dgovtest-a registered; init waits for release=1\n");
	while (!READ_ONCE(release) && time_before(jiffies, until))
		msleep(20);
	ret = pidle_dgov_register(&misbehave_second);
	if (!ret) {	/* cannot be: the name is taken */
		pidle_dgov_unregister(&misbehave_second);
		ret = -EINVAL;
	}
	pr_info("init fails (%d), dgovtest-a left registered\n", ret);
	return ret;
}

static int __init misbehave_init(void)
{
	if (!strcmp(fault, "no_owner"))
		return pidle_dgov_register(&misbehave_no_owner);
	if (!strcmp(fault, "fail_init"))
		return misbehave_fail_init();
	if (!strcmp(fault, "attach_positive"))
		return pidle_dgov_register(&misbehave_pos);
	pr_err("fault=\"%s\": not one of no_owner, fail_init, attach_positive\n",
	       fault);
	return -EINVAL;
}

/*
 * Only fault=attach_positive loads (fault=no_owner does too without the
 * owner rule: then unregister its governor, as such a module would).
 */
static void __exit misbehave_exit(void)
{
	if (!strcmp(fault, "no_owner"))
		pidle_dgov_unregister(&misbehave_no_owner);
	else
		pidle_dgov_unregister(&misbehave_pos);
}

module_init(misbehave_init);
module_exit(misbehave_exit);
MODULE_DESCRIPTION("pseudo-cpuidle tests: a domain governor module that breaks the registry's rules");
MODULE_LICENSE("GPL");
