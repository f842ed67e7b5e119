//! The bare-metal runtime: vector table, reset, semihosting output and
//! exit, and the SysTick counter the timed loops read.
//!
//! Under QEMU's `-icount shift=0` the virtual clock advances 1 ns per
//! executed instruction, and SysTick (processor clock, 25 MHz on the MPS2
//! boards) counts down once per 40 ns: instructions = 40 × ticks. The
//! benchmark checks that factor on a calibration loop of known length.

use core::arch::asm;
use core::ptr::{read_volatile, write_volatile};

extern "C" {
    /// The image's main (defined by [`crate::image!`]).
    fn fw_main() -> !;
}

/// The exception vectors after the initial stack pointer (which the linker
/// script writes): reset, then faults, which report and exit.
#[no_mangle]
#[used]
#[link_section = ".vector_table.reset"]
pub static FW_VECTORS: [Option<unsafe extern "C" fn() -> !>; 15] = [
    Some(fw_reset),
    Some(fw_fault), // NMI
    Some(fw_fault), // HardFault
    Some(fw_fault), // MemManage
    Some(fw_fault), // BusFault
    Some(fw_fault), // UsageFault
    None,
    None,
    None,
    None,
    Some(fw_fault), // SVCall
    Some(fw_fault), // DebugMonitor
    None,
    Some(fw_fault), // PendSV
    Some(fw_fault), // SysTick
];

/// Reset: enables the FPU (when the target has one) and runs `fw_main`.
///
/// # Safety
/// Only the core calls it, once, at reset.
#[no_mangle]
pub unsafe extern "C" fn fw_reset() -> ! {
    #[cfg(target_abi = "eabihf")]
    {
        // CPACR: full access to CP10 and CP11.
        const CPACR: *mut u32 = 0xE000_ED88 as *mut u32;
        write_volatile(CPACR, read_volatile(CPACR) | (0xF << 20));
        asm!("dsb", "isb");
    }
    fw_main()
}

/// A fault: report and exit.
///
/// # Safety
/// Only the core calls it, as an exception handler.
#[no_mangle]
pub unsafe extern "C" fn fw_fault() -> ! {
    print("fault\n");
    exit(2)
}

/// A semihosting call (`bkpt 0xab`; QEMU needs `-semihosting-config
/// enable=on`).
#[inline(always)]
fn semihosting(op: u32, arg: usize) -> u32 {
    let r: u32;
    // SAFETY: the debugger (QEMU) services the call and returns in r0.
    unsafe { asm!("bkpt #0xab", inout("r0") op => r, in("r1") arg, options(nostack)) };
    r
}

/// Writes `s` to the host's standard output.
pub fn print(s: &str) {
    let mut buf = [0u8; 96];
    for chunk in s.as_bytes().chunks(buf.len() - 1) {
        buf[..chunk.len()].copy_from_slice(chunk);
        buf[chunk.len()] = 0;
        // SYS_WRITE0: a NUL-terminated string.
        semihosting(0x04, buf.as_ptr() as usize);
    }
}

/// Exits QEMU with `code` (0: success).
pub fn exit(code: u32) -> ! {
    // SYS_EXIT with ADP_Stopped_ApplicationExit (0x20026) or
    // ADP_Stopped_RunTimeErrorUnknown (0x20023).
    let reason = if code == 0 { 0x20026 } else { 0x20023 };
    semihosting(0x18, reason);
    loop {
        core::hint::spin_loop();
    }
}

const SYST_CSR: *mut u32 = 0xE000_E010 as *mut u32;
const SYST_RVR: *mut u32 = 0xE000_E014 as *mut u32;
const SYST_CVR: *mut u32 = 0xE000_E018 as *mut u32;

/// Starts SysTick from its largest count, on the processor clock, without
/// interrupts.
pub fn systick_start() {
    // SAFETY: SysTick's registers, present on every Cortex-M.
    unsafe {
        write_volatile(SYST_CSR, 0);
        write_volatile(SYST_RVR, 0x00FF_FFFF);
        write_volatile(SYST_CVR, 0);
        write_volatile(SYST_CSR, 0b101); // ENABLE | CLKSOURCE (processor)
    }
}

/// SysTick's current value (counts down, 24 bits).
#[inline(always)]
pub fn systick() -> u32 {
    // SAFETY: a read of SysTick's current value register.
    unsafe { read_volatile(SYST_CVR) }
}

/// The stack pointer.
#[inline(always)]
pub fn sp() -> usize {
    let sp: usize;
    // SAFETY: reads a register.
    unsafe { asm!("mov {}, sp", out(reg) sp, options(nomem, nostack)) };
    sp
}
