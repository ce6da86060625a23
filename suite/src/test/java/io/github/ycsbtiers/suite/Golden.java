package io.github.ycsbtiers.suite;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** The checked-in expected renderings under {@code src/test/resources/golden/}: a format change is a reviewed diff. */
public final class Golden {
  private Golden() {
  }

  public static String read(String name) throws IOException {
    try (InputStream in = Golden.class.getResourceAsStream("/golden/" + name)) {
      if (in == null) {
        throw new IOException("no golden file " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
