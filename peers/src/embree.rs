//! A small FFI to Embree 3's C API (Debian `libembree-dev`), for the mesh
//! ray bench only: one triangle geometry in one scene, `rtcIntersect1`,
//! `rtcOccluded1` and `rtcIntersect16`. The structs mirror
//! `embree3/rtcore_ray.h` and `rtcore_common.h` of Embree 3.13 (one
//! instance level, no minimum width).
#![allow(unsafe_code, non_camel_case_types, dead_code)]

use std::ffi::c_void;

type RTCDevice = *mut c_void;
type RTCScene = *mut c_void;
type RTCGeometry = *mut c_void;

const RTC_GEOMETRY_TYPE_TRIANGLE: u32 = 0;
const RTC_BUFFER_TYPE_INDEX: u32 = 0;
const RTC_BUFFER_TYPE_VERTEX: u32 = 1;
const RTC_FORMAT_UINT3: u32 = 0x5003;
const RTC_FORMAT_FLOAT3: u32 = 0x9003;
/// `RTC_INVALID_GEOMETRY_ID`.
pub const INVALID: u32 = u32::MAX;
/// `RTC_INTERSECT_CONTEXT_FLAG_COHERENT`.
const FLAG_COHERENT: u32 = 1;

/// `struct RTCRay`.
#[repr(C, align(16))]
#[derive(Clone, Copy, Default)]
pub struct RTCRay {
    pub org: [f32; 3],
    pub tnear: f32,
    pub dir: [f32; 3],
    pub time: f32,
    pub tfar: f32,
    pub mask: u32,
    pub id: u32,
    pub flags: u32,
}

/// `struct RTCHit`.
#[repr(C, align(16))]
#[derive(Clone, Copy, Default)]
pub struct RTCHit {
    pub ng: [f32; 3],
    pub u: f32,
    pub v: f32,
    pub prim_id: u32,
    pub geom_id: u32,
    pub inst_id: [u32; 1],
}

/// `struct RTCRayHit`.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct RTCRayHit {
    pub ray: RTCRay,
    pub hit: RTCHit,
}

/// `struct RTCRayHit16` (`RTCRay16` then `RTCHit16`, struct of arrays).
#[repr(C, align(64))]
#[derive(Clone, Copy)]
pub struct RTCRayHit16 {
    pub org_x: [f32; 16],
    pub org_y: [f32; 16],
    pub org_z: [f32; 16],
    pub tnear: [f32; 16],
    pub dir_x: [f32; 16],
    pub dir_y: [f32; 16],
    pub dir_z: [f32; 16],
    pub time: [f32; 16],
    pub tfar: [f32; 16],
    pub mask: [u32; 16],
    pub id: [u32; 16],
    pub flags: [u32; 16],
    pub ng_x: [f32; 16],
    pub ng_y: [f32; 16],
    pub ng_z: [f32; 16],
    pub u: [f32; 16],
    pub v: [f32; 16],
    pub prim_id: [u32; 16],
    pub geom_id: [u32; 16],
    pub inst_id: [u32; 16],
}

/// `struct RTCIntersectContext` (3.13, one instance level).
#[repr(C)]
struct RTCIntersectContext {
    flags: u32,
    filter: *const c_void,
    inst_id: [u32; 1],
}

#[link(name = "embree3")]
unsafe extern "C" {
    fn rtcNewDevice(config: *const std::ffi::c_char) -> RTCDevice;
    fn rtcReleaseDevice(device: RTCDevice);
    fn rtcNewScene(device: RTCDevice) -> RTCScene;
    fn rtcReleaseScene(scene: RTCScene);
    fn rtcCommitScene(scene: RTCScene);
    fn rtcNewGeometry(device: RTCDevice, kind: u32) -> RTCGeometry;
    fn rtcSetNewGeometryBuffer(
        geometry: RTCGeometry,
        kind: u32,
        slot: u32,
        format: u32,
        byte_stride: usize,
        count: usize,
    ) -> *mut c_void;
    fn rtcCommitGeometry(geometry: RTCGeometry);
    fn rtcAttachGeometry(scene: RTCScene, geometry: RTCGeometry) -> u32;
    fn rtcReleaseGeometry(geometry: RTCGeometry);
    fn rtcIntersect1(scene: RTCScene, context: *mut RTCIntersectContext, rayhit: *mut RTCRayHit);
    fn rtcOccluded1(scene: RTCScene, context: *mut RTCIntersectContext, ray: *mut RTCRay);
    fn rtcIntersect16(
        valid: *const i32,
        scene: RTCScene,
        context: *mut RTCIntersectContext,
        rayhit: *mut RTCRayHit16,
    );
}

/// An Embree device and a committed scene of one triangle mesh.
pub struct Scene {
    device: RTCDevice,
    scene: RTCScene,
}

impl Scene {
    /// Builds the scene (default build quality, as `rtcNewScene` gives).
    pub fn new(vertices: &[[f32; 3]], triangles: &[[u32; 3]]) -> Self {
        // SAFETY: Embree's documented call sequence; the buffers Embree
        // returns hold `count` elements of the given stride, and are filled
        // within those bounds before the geometry is committed.
        unsafe {
            let device = rtcNewDevice(c"threads=1".as_ptr());
            assert!(!device.is_null(), "rtcNewDevice failed");
            let scene = rtcNewScene(device);
            let geom = rtcNewGeometry(device, RTC_GEOMETRY_TYPE_TRIANGLE);
            let vb = rtcSetNewGeometryBuffer(
                geom,
                RTC_BUFFER_TYPE_VERTEX,
                0,
                RTC_FORMAT_FLOAT3,
                12,
                vertices.len(),
            ) as *mut [f32; 3];
            assert!(!vb.is_null(), "vertex buffer");
            std::ptr::copy_nonoverlapping(vertices.as_ptr(), vb, vertices.len());
            let ib = rtcSetNewGeometryBuffer(
                geom,
                RTC_BUFFER_TYPE_INDEX,
                0,
                RTC_FORMAT_UINT3,
                12,
                triangles.len(),
            ) as *mut [u32; 3];
            assert!(!ib.is_null(), "index buffer");
            std::ptr::copy_nonoverlapping(triangles.as_ptr(), ib, triangles.len());
            rtcCommitGeometry(geom);
            rtcAttachGeometry(scene, geom);
            rtcReleaseGeometry(geom);
            rtcCommitScene(scene);
            Self { device, scene }
        }
    }

    fn context(coherent: bool) -> RTCIntersectContext {
        RTCIntersectContext {
            flags: if coherent { FLAG_COHERENT } else { 0 },
            filter: std::ptr::null(),
            inst_id: [INVALID],
        }
    }

    /// `rtcIntersect1`: the hit's `t` and triangle.
    #[inline]
    pub fn intersect1(&self, org: [f32; 3], dir: [f32; 3]) -> Option<(f32, u32)> {
        let mut rh = RTCRayHit {
            ray: RTCRay {
                org,
                dir,
                tnear: 0.0,
                tfar: f32::INFINITY,
                mask: u32::MAX,
                ..Default::default()
            },
            hit: RTCHit {
                geom_id: INVALID,
                inst_id: [INVALID],
                ..Default::default()
            },
        };
        let mut ctx = Self::context(false);
        // SAFETY: a committed scene, an initialised context and ray.
        unsafe { rtcIntersect1(self.scene, &mut ctx, &mut rh) };
        (rh.hit.geom_id != INVALID).then_some((rh.ray.tfar, rh.hit.prim_id))
    }

    /// `rtcOccluded1`: whether anything is hit.
    #[inline]
    pub fn occluded1(&self, org: [f32; 3], dir: [f32; 3]) -> bool {
        let mut ray = RTCRay {
            org,
            dir,
            tnear: 0.0,
            tfar: f32::INFINITY,
            mask: u32::MAX,
            ..Default::default()
        };
        let mut ctx = Self::context(false);
        // SAFETY: as `intersect1`.
        unsafe { rtcOccluded1(self.scene, &mut ctx, &mut ray) };
        ray.tfar < 0.0 // set to -inf when occluded
    }

    /// `rtcIntersect16` on 16 rays (all valid, coherent context): the hits
    /// (`t` and triangle) into `out`.
    #[inline]
    pub fn intersect16(
        &self,
        org: &[[f32; 3]; 16],
        dir: &[[f32; 3]; 16],
        out: &mut [Option<(f32, u32)>; 16],
    ) {
        // SAFETY: plain numbers; every field is set below.
        let mut p: RTCRayHit16 = unsafe { std::mem::zeroed() };
        for k in 0..16 {
            (p.org_x[k], p.org_y[k], p.org_z[k]) = (org[k][0], org[k][1], org[k][2]);
            (p.dir_x[k], p.dir_y[k], p.dir_z[k]) = (dir[k][0], dir[k][1], dir[k][2]);
            p.tfar[k] = f32::INFINITY;
            p.mask[k] = u32::MAX;
            p.geom_id[k] = INVALID;
            p.inst_id[k] = INVALID;
        }
        // Embree reads the valid mask with aligned vector loads, as it does
        // the packet: 64-byte aligned too (a stack array of `i32` is only
        // 4-byte aligned, and crashed the bench when it fell off a line).
        #[repr(C, align(64))]
        struct Valid([i32; 16]);
        let valid = Valid([-1; 16]);
        let mut ctx = Self::context(true);
        // SAFETY: a committed scene, 64-byte aligned packet and valid mask
        // of 16 lanes.
        unsafe { rtcIntersect16(valid.0.as_ptr(), self.scene, &mut ctx, &mut p) };
        for k in 0..16 {
            out[k] = (p.geom_id[k] != INVALID).then_some((p.tfar[k], p.prim_id[k]));
        }
    }
}

impl Drop for Scene {
    fn drop(&mut self) {
        // SAFETY: releases what `new` made, once.
        unsafe {
            rtcReleaseScene(self.scene);
            rtcReleaseDevice(self.device);
        }
    }
}
