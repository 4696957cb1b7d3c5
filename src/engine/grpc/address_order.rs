//! The order gRPC C++ puts its endpoints in: by address, not as listed.
//!
//! grpc/grpc `src/core/load_balancing/weighted_round_robin/weighted_round_robin.cc`
//! (commit adcc660e78c7), `WeightedRoundRobin::UpdateLocked`, inserts the endpoints into a
//! `std::set<EndpointAddresses, EndpointAddressesLessThan>` so that their indexes do not churn.
//! `EndpointAddressSet::operator<` (`src/core/resolver/endpoint_addresses.cc`, commit
//! 23a1819cf7d7) compares the resolved addresses by length, then `memcmp` of the `sockaddr`:
//! `sockaddr_in` (16 bytes) before `sockaddr_in6` (28 bytes); inside one family the bytes are the
//! family, the port in network order, then the address (IPv6: flow info 0, the 16 bytes, then the
//! scope id). So IPv4 before IPv6, then by port, then by IP. grpc-java keeps the resolver's order.
//!
//! Only names that are socket addresses (`10.0.0.1:80`, `[::1]:80`) can be ordered so; a name
//! like `A` or `backend:80` stands for an address the tool cannot know, so then the list order
//! stays. Two names for one address stay apart (gRPC would merge them): the list order stays.

use std::net::SocketAddr;

use crate::sort::sort_indices_by_key;

/// The `memcmp` key of one address: IPv6 after IPv4, then port, then the address bytes.
fn sort_key(address: &SocketAddr) -> (bool, u16, [u8; 16], u32) {
    match address {
        SocketAddr::V4(v4) => {
            let mut bytes = [0; 16];
            bytes[..4].copy_from_slice(&v4.ip().octets());
            (false, v4.port(), bytes, 0)
        }
        SocketAddr::V6(v6) => (true, v6.port(), v6.ip().octets(), v6.scope_id()),
    }
}

/// The nodes in gRPC C++'s endpoint order when every name is a distinct socket address; `None`
/// when the list order stands (some name is not an address, or two name one address).
///
/// ```
/// use swrr_viz::engine::grpc_address_order;
/// let order = grpc_address_order(&["10.0.0.2:80", "[::1]:80", "10.0.0.1:80", "10.0.0.9:79"]);
/// assert_eq!(order, Some(vec![3, 2, 0, 1]));
/// assert_eq!(grpc_address_order(&["10.0.0.2:80", "A"]), None);
/// ```
#[must_use]
pub fn grpc_address_order(names: &[&str]) -> Option<Vec<usize>> {
    let keys: Vec<_> = names
        .iter()
        .map(|name| name.parse::<SocketAddr>().ok().map(|a| sort_key(&a)))
        .collect::<Option<_>>()?;
    let mut order: Vec<usize> = (0..names.len()).collect();
    // Equal keys give `None` below, so their order after the sort never shows.
    sort_indices_by_key(&mut order, |i| keys[i]);
    let distinct = order.windows(2).all(|w| keys[w[0]] != keys[w[1]]);
    distinct.then_some(order)
}
