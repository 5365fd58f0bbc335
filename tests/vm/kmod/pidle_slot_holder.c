// SPDX-License-Identifier: GPL-2.0
/*
 * pidle_slot_holder: a test module that takes the cpuidle driver slot and
 * nothing else, so that the guest suite can check how pseudo_cpuidle
 * refuses to load next to another driver. Under TCG no real driver
 * (intel_idle, acpi_idle, haltpoll) binds, so one is needed.
 *
 * Only the driver is registered, never a device: no CPU ever calls
 * ->enter, which therefore only has to exist.
 */
#include <linux/cpuidle.h>
#include <linux/module.h>

static int holder_enter(struct cpuidle_device *dev,
			struct cpuidle_driver *drv, int index)
{
	return index;
}

static struct cpuidle_driver holder_driver = {
	.name = "pidle_slot_holder",
	.states = {
		{
			.name = "HOLD",
			.desc = "never entered",
			.exit_latency = 1,
			.target_residency = 1,
			.enter = holder_enter,
		},
	},
	.state_count = 1,
};

static int __init holder_init(void)
{
	return cpuidle_register_driver(&holder_driver);
}
module_init(holder_init);

static void __exit holder_exit(void)
{
	cpuidle_unregister_driver(&holder_driver);
}
module_exit(holder_exit);

MODULE_DESCRIPTION("pseudo-cpuidle tests: holds the cpuidle driver slot");
MODULE_LICENSE("GPL");
