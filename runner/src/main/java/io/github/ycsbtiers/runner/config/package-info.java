/** Typed reading of YCSB properties with errors that name the property, the value and what is allowed. */
package io.github.ycsbtiers.runner.config;
