/**
 * A FUSE file system for power-loss tests ({@link io.github.ycsbtiers.testing.powercut.PowerCutFs}):
 * what is written through its mount stays in the file system process's memory until it is synced
 * (fsync, fdatasync, msync of a shared mapping, O_SYNC writes), a change to a directory's entries
 * waits for an fsync of the directory, and a power cut (SIGKILL of that process) loses every byte
 * and every name not yet synced. The file system is a small C program against libfuse 3
 * ({@code powercutfs.c}, a resource of this package), compiled with gcc at first use.
 *
 * <p>Needs Debian's {@code fuse3}, {@code libfuse3-dev}, {@code gcc} and {@code pkg-config}
 * ({@code bin/test} installs them), {@code /dev/fuse}, and root or a user allowed to mount FUSE.
 * A missing tool is a failure with the remedy, never a skip. Every mount is unmounted and every
 * process stopped by {@code close()}, by {@code powerCut()}, and as a last resort by a JVM shutdown hook.
 */
package io.github.ycsbtiers.testing.powercut;
