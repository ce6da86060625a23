package io.github.ycsbtiers.testing;

/** Child-JVM program for {@link NetworkNamespaceIT}: makes a namespace, prints its name and exits without close(). */
public final class AbandonedNamespace {
  private AbandonedNamespace() {
  }

  public static void main(String[] args) {
    NetworkNamespace ns = NetworkNamespace.create();
    System.out.println(ns.name());
    System.out.flush();
    System.exit(0);
  }
}
