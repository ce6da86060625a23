package io.github.ycsbtiers.suite.cli;

import io.github.ycsbtiers.suite.input.UsageException;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClientsOptionTest {
  private static final String REMOTE = "r1=redis,redis.host=127.0.0.1,redis.port=6379";

  @Test
  void oneClientUnlessAsked() {
    assertEquals(1, SuiteOptions.fromArgs(List.of("tier-ratio")).clients());
    assertEquals(3, SuiteOptions.fromArgs(List.of("tier-ratio", "--clients", "3", "--target", REMOTE)).clients());
  }

  @Test
  void badCountsAndTheEmbeddedStoreAreRefused() {
    UsageException zero = assertThrows(UsageException.class,
        () -> SuiteOptions.fromArgs(List.of("tier-ratio", "--clients", "0", "--target", REMOTE)));
    assertTrue(zero.getMessage().startsWith("--clients 0"), zero.getMessage());
    UsageException embedded = assertThrows(UsageException.class, () -> SuiteOptions.fromArgs(
        List.of("tier-ratio", "--clients", "2", "--target", REMOTE, "--target", "p=tiered,tiered.medium=pmem")));
    assertTrue(embedded.getMessage().startsWith("--clients 2: 1 with the embedded store"), embedded.getMessage());
    assertThrows(UsageException.class, () -> SuiteOptions.fromArgs(List.of("tier-ratio", "--clients", "2")),
        "the default targets are embedded");
  }
}
