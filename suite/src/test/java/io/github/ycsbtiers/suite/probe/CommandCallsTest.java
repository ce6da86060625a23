package io.github.ycsbtiers.suite.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CommandCallsTest {
  @Test
  void readsCallsPerCommand() {
    String info = "# Commandstats\r\n"
        + "cmdstat_set:calls=1204,usec=2405,usec_per_call=2.00,rejected_calls=0,failed_calls=0\r\n"
        + "cmdstat_get:calls=99,usec=99,usec_per_call=1.00,rejected_calls=0,failed_calls=0\r\n"
        + "cmdstat_client|setname:calls=3,usec=1,usec_per_call=0.33\r\n";
    Map<String, Long> calls = CommandCalls.parse(info);
    assertEquals(Map.of("set", 1204L, "get", 99L, "client|setname", 3L), calls);
    assertEquals(Map.of(), CommandCalls.parse("# Commandstats\r\n"));
  }
}
