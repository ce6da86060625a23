package io.github.ycsbtiers.runner.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyReader;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** How a profile's operations are dealt to processes and their clients, and the settings around it. */
class ProfileOptionsTest {
  private static ProfileOptions parse(int clients, int index, int threads, String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return ProfileOptions.fromProperties(new PropertyReader(p), 0, true, false, clients, index, threads);
  }

  @Test
  void clientsTakeTheOperationsInTurnAndTogetherRunThemAll() {
    // 1000 operations over 3 processes of 4 clients: 12 slots, the first 1000 % 12 = 4 take one more
    long all = 0;
    for (int index = 0; index < 3; index++) {
      ProfileOptions o = parse(3, index, 4, "target.profile", "constant 1000 1s");
      assertEquals(12, o.stride());
      assertEquals(index * 4, o.slot(0));
      all += o.processOperations();
      // a window's operations split between the processes as their slots say
      assertEquals(o.processShare(0, 1000), o.processOperations());
    }
    assertEquals(1000, all);
    assertEquals(84, parse(3, 0, 4, "target.profile", "constant 1000 1s").operationsOf(0));
    assertEquals(83, parse(3, 1, 4, "target.profile", "constant 1000 1s").operationsOf(0));
    long window = 0;
    for (int index = 0; index < 3; index++) {
      window += parse(3, index, 4, "target.profile", "constant 1000 1s").processShare(17, 530);
    }
    assertEquals(513, window, "every operation of a window is one process's");
  }

  @Test
  void settingsAreReadOnceWithTheirDefaults() {
    ProfileOptions o = parse(1, 0, 2, "target.profile", "  ramp 10 20 2s ", "target.profile.start", "1700000000000",
        "target.profile.maxbacklog", "1s");
    assertEquals("ramp 10 20 2s", o.text());
    assertEquals(1_700_000_000_000L, o.startEpochMillis());
    assertEquals(10_000_000L, o.lateNanos(), "10 ms by default");
    assertEquals(1_000_000_000L, o.maxBacklogNanos());
    assertNull(parse(1, 0, 1));
  }

  @Test
  void refusalsNameTheProfileAndWhatIsAllowed() {
    PropertyException e = assertThrows(PropertyException.class, () -> parse(1, 0, 1, "target.profile",
        "constant 100 10s, ramp 5 x 1s"));
    assertTrue(e.getMessage().startsWith("invalid value 'constant 100 10s, ramp 5 x 1s' for property 'target.profile':"
        + " allowed segment 2 'ramp 5 x 1s': rate 'x' must be a number from 0 to"), e.getMessage());
    e = assertThrows(PropertyException.class, () -> parse(2, 0, 4, "target.profile", "constant 1000000 1s"));
    assertTrue(e.getMessage().contains("a peak of at most 100,000 ops/s per logical client (one operation in flight"
        + " each): 1,000,000 ops/s over client.count 2 x 4 threads is 125,000 each"), e.getMessage());
    e = assertThrows(PropertyException.class, () -> parse(1, 0, 1, "target.profile", "constant 100 0s"));
    assertTrue(e.getMessage().contains("segment 1 'constant 100 0s': duration '0s' must be longer than 0"),
        e.getMessage());
  }
}
