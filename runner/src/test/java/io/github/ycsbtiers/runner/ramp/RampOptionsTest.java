package io.github.ycsbtiers.runner.ramp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.ycsbtiers.api.ramp.RampRule;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** {@code threads.auto.*} as the api's rule gets them. */
class RampOptionsTest {
  private static RampOptions of(String... pairs) {
    Properties p = new Properties();
    p.setProperty("threadcount", "auto");
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return RampOptions.fromProperties(p);
  }

  @Test
  void defaultsAreTheRulesOwn() {
    RampOptions o = of();
    assertEquals(RampRule.DEFAULT_GROWTH, o.growth(), 1e-12);
    assertEquals(RampRule.DEFAULT_MAX_CLIENTS, o.maxClients());
    assertNull(o.bound());
  }

  @Test
  void theBoundIsNamedInMicroseconds() {
    assertEquals(new RampRule.Bound("p99 < 1000 us", "p99"), of(RampOptions.BOUND, "p99<1ms").bound());
    assertEquals(new RampRule.Bound("p99.9 < 2500 us", "p99.9"), of(RampOptions.BOUND, "p99.9 < 2.5ms").bound());
    assertEquals(new RampRule.Bound("p50 < 0.5 us", "p50"), of(RampOptions.BOUND, "p50<0.5us").bound());
  }
}
