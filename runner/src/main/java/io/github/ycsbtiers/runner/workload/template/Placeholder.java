package io.github.ycsbtiers.runner.workload.template;

/** What a template's {@code __NAME__} placeholder becomes in each command. */
enum Placeholder {
  /** A key of the template's keyspace, chosen by the keyspace's distribution. */
  KEY("__key__"),
  /** Bytes of the keyspace's value size. */
  DATA("__data__"),
  /** A uniform random integer in {@code rand.min .. rand.min + rand.range - 1}. */
  RAND("__RAND__"),
  /** A uniform random integer in {@code rand2.min .. rand2.min + rand2.range - 1}. */
  RAND2("__RAND2__");

  private final String text;

  Placeholder(String text) {
    this.text = text;
  }

  String text() {
    return text;
  }

  /** The placeholder spelled {@code text}, or null. */
  static Placeholder of(String text) {
    for (Placeholder p : values()) {
      if (p.text.equals(text)) {
        return p;
      }
    }
    return null;
  }

  static String allowed() {
    return "__key__, __data__, __RAND__, __RAND2__";
  }
}
