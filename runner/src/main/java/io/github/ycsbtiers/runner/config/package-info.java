/**
 * The runner's own options, each parsed once from the properties with the shared
 * {@link io.github.ycsbtiers.api.PropertyReader}; {@link io.github.ycsbtiers.runner.config.ConfigException}
 * for a mistake in the settings that is not one property's value.
 */
package io.github.ycsbtiers.runner.config;
