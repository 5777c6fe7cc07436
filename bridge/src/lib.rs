//! The tabwright bridge: native-messaging host, agent socket, and the CLI's building blocks.

pub mod agent;
pub mod agent_loop;
pub mod browser;
pub mod client;
pub mod demo;
pub mod framing;
pub mod host;
pub mod hub;
pub mod install;
pub mod lane;
pub mod launch;
pub mod link;
pub mod messages;
pub mod paths;
pub mod report;
pub mod revive;
pub mod session;
pub mod site;
pub mod uploads;
