import { describe, expect, it } from "vitest";
import { addressGroup } from "./address-group.ts";

describe("addressGroup", () => {
  it.each([
    ["192.0.2.7", "192.0.2.7"],
    ["::ffff:192.0.2.7", "192.0.2.7"],
    ["::FFFF:c000:0207", "192.0.2.7"],
    ["0:0:0:0:0:ffff:192.0.2.7", "192.0.2.7"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:aaaa::3", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["2001:db8:1:2:3:4:192.0.2.1", "2001:db8:1:2::/64"],
    ["unknown", "unknown"],
    ["not:an:address", "not:an:address"],
  ])("%s → %s", (address, group) => {
    expect(addressGroup(address)).toBe(group);
  });

  it("puts two /64 apart", () => {
    expect(addressGroup("2001:db8:1:2::1")).not.toBe(addressGroup("2001:db8:1:3::1"));
  });
});
